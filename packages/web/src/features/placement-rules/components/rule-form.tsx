import { PLACEMENT_RULE_RANGES, type TPlacementRule, ZPlacementRuleInput } from '@portal/contract';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { CodeSelect } from '../../../shared/firestop/code-select.tsx';
import { rangeRule } from '../../../shared/firestop/range-rule.ts';
import { SearchSelect } from '../../../shared/firestop/search-select.tsx';
import { useWorkflowForm } from '../../../shared/firestop/workflow-form.ts';
import { isPendingStatus, PendingNotice } from '../../../shared/firestop/workflow-status.tsx';
import { CompanyPicker } from '../../../shared/ui/company-picker.tsx';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import type { TFieldMap } from '../../../shared/ui/server-field-errors.ts';
import { lengthCount } from '../../../shared/ui/text-length.ts';
import { zodRule } from '../../../shared/ui/zod-rule.ts';
import { useSavePlacementRules } from '../api/save-placement-rules.ts';
import { searchScenarios } from '../api/scenario-options.ts';
import { ruleFormValues, ruleInputOf, type TRuleFormValues } from './rule-form-model.ts';

export type TRuleFormProps = {
  open: boolean;
  /** The rule to edit; null creates a new one. */
  rule: TPlacementRule | null;
  onClose: () => void;
};

const fields = ZPlacementRuleInput.shape;

/** API fields the server may name in an error, and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TRuleFormValues> = Object.fromEntries(
  Object.keys(ruleFormValues(null)).map((name) => [name, name as keyof TRuleFormValues]),
);

type TSizeField =
  | 'serviceSizeRangeLow'
  | 'serviceSizeRangeHigh'
  | 'closureDeviceSystemThickness'
  | 'additionalInsulationThickness';

/**
 * Create or edit one placement rule in a drawer: its scenario searched, the service's type and
 * material and the insulation chosen from the generic lists the environment names (free text when
 * a list is missing), the size range checked as the server checks it.
 */
export function RuleForm({ open, rule, onClose }: TRuleFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<TRuleFormValues>();
  const save = useSavePlacementRules();
  const creating = rule === null;
  const isAdmin = can(session, 'adminmanagement.read');

  const submit = useWorkflowForm({
    form,
    open,
    record: rule,
    valuesOf: ruleFormValues,
    inputOf: ruleInputOf,
    save: (inputs) => save.mutateAsync(inputs),
    nameOf: (stored) => stored.placementRuleName,
    prefix: 'placementRules',
    serverFields: SERVER_FIELDS,
    onClose,
  });

  const size = (name: TSizeField) => (
    <Form.Item
      name={name}
      label={t(`placementRules.field.${name}`)}
      dependencies={name === 'serviceSizeRangeLow' ? ['serviceSizeRangeHigh'] : undefined}
      rules={[
        zodRule(fields[name], { name }),
        ...(name === 'serviceSizeRangeLow' ? [rangeRule(name, PLACEMENT_RULE_RANGES)] : []),
      ]}
    >
      <InputNumber<number> min={0} style={{ width: '100%' }} suffix="mm" data-testid={`rule-${name}`} />
    </Form.Item>
  );

  const code = (
    name: 'typeCode' | 'materialCode' | 'additionalInsulationTypeCode',
    envKey: 'servicesListCode' | 'materialsListCode',
  ) => (
    <Form.Item
      name={name}
      label={t(`placementRules.field.${name}`)}
      rules={[zodRule(fields[name], { name })]}
    >
      <CodeSelect envKey={envKey} placeholder={t('scenarios.codePlaceholder')} testId={`rule-${name}`} />
    </Form.Item>
  );

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={
        creating
          ? t('placementRules.createTitle')
          : t('placementRules.editTitle', { name: rule.placementRuleName })
      }
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={creating ? t('common.create') : t('common.save')}
      saveTestId="rule-form-save"
      width={640}
    >
      {rule?.tifStatus && isPendingStatus(rule.tifStatus) ? (
        <PendingNotice
          status={rule.tifStatus}
          name={rule.placementRuleName}
          readsRequests={can(session, 'contentmanagement.update')}
        />
      ) : null}
      <Form<TRuleFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={ruleFormValues(rule)}
        onFinish={(values) => void submit(values)}
        data-testid="rule-form"
      >
        <Form.Item
          name="placementRuleName"
          label={t('placementRules.field.placementRuleName')}
          rules={[zodRule(fields.placementRuleName, { name: 'placementRuleName', required: true })]}
        >
          <Input autoComplete="off" count={lengthCount(fields.placementRuleName)} data-testid="rule-name" />
        </Form.Item>
        <Form.Item
          name="scenarioId"
          label={t('placementRules.field.scenarioId')}
          extra={t('placementRules.scenarioHint')}
        >
          <SearchSelect
            search={searchScenarios}
            queryKey={['scenarios', 'picker']}
            current={
              rule?.scenarioId
                ? { value: rule.scenarioId, label: rule.scenarioName ?? `#${rule.scenarioId}` }
                : null
            }
            placeholder={t('placementRules.scenarioPlaceholder')}
            failedText={t('scenarios.searchFailed')}
            testId="rule-scenario"
          />
        </Form.Item>
        {isAdmin ? (
          <Form.Item
            name="companyId"
            label={t('scenarios.field.companyId')}
            extra={t('scenarios.companyHint')}
          >
            <CompanyPicker
              current={rule ? { companyId: rule.companyId } : null}
              placeholder={t('scenarios.companyPlaceholder')}
              testId="rule-company"
              enabled={open}
            />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            {code('typeCode', 'servicesListCode')}
          </Col>
          <Col xs={24} sm={12}>
            {code('materialCode', 'materialsListCode')}
          </Col>
          <Col xs={24} sm={12}>
            {size('serviceSizeRangeLow')}
          </Col>
          <Col xs={24} sm={12}>
            {size('serviceSizeRangeHigh')}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="closureDeviceSystemType"
              label={t('placementRules.field.closureDeviceSystemType')}
              rules={[zodRule(fields.closureDeviceSystemType, { name: 'closureDeviceSystemType' })]}
            >
              <Input
                autoComplete="off"
                count={lengthCount(fields.closureDeviceSystemType)}
                data-testid="rule-closureDeviceSystemType"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="closureDeviceSystemCount"
              label={t('placementRules.field.closureDeviceSystemCount')}
              rules={[zodRule(fields.closureDeviceSystemCount, { name: 'closureDeviceSystemCount' })]}
            >
              <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {size('closureDeviceSystemThickness')}
          </Col>
          <Col xs={24} sm={12}>
            {code('additionalInsulationTypeCode', 'materialsListCode')}
          </Col>
          <Col xs={24} sm={12}>
            {size('additionalInsulationThickness')}
          </Col>
        </Row>
        <Form.Item name="active" label={t('placementRules.field.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
