import { SCENARIO_RANGES, type TScenario, ZScenarioInput } from '@portal/contract';
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
import { useSaveScenarios } from '../api/save-scenarios.ts';
import { searchFamilies, searchParameterLists } from '../api/scenario-pickers.ts';
import { scenarioFormValues, scenarioInputOf, type TScenarioFormValues } from './scenario-form-model.ts';

export type TScenarioFormProps = {
  open: boolean;
  /** The scenario to edit; null creates a new one. */
  scenario: TScenario | null;
  onClose: () => void;
};

const fields = ZScenarioInput.shape;

/** API fields the server may name in an error, and the form field that shows it. */
const SERVER_FIELDS: TFieldMap<TScenarioFormValues> = Object.fromEntries(
  Object.keys(scenarioFormValues(null)).map((name) => [name, name as keyof TScenarioFormValues]),
);

type TTextField =
  'scenarioName' | 'documentType' | 'pageNumber' | 'detailReference' | 'fireRating' | 'acousticPerformance';
type TSizeField =
  | 'apertureSizeMinWidth'
  | 'apertureSizeMaxWidth'
  | 'apertureSizeMinHeight'
  | 'apertureSizeMaxHeight'
  | 'constructionThickness';

/** The maximum each minimum is checked against. */
const MAXIMUM_OF: Partial<Record<TSizeField, TSizeField>> = Object.fromEntries(SCENARIO_RANGES);

/**
 * Create or edit one scenario in a drawer: every field of spec 3, codes from the generic lists the
 * environment names (free text when a list is missing), the family and parameter list searched.
 * A partner's save is a request an admin decides: the form says so and the list shows it pending.
 */
export function ScenarioForm({ open, scenario, onClose }: TScenarioFormProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [form] = Form.useForm<TScenarioFormValues>();
  const save = useSaveScenarios();
  const creating = scenario === null;
  const isAdmin = can(session, 'adminmanagement.read');

  const submit = useWorkflowForm({
    form,
    open,
    record: scenario,
    valuesOf: scenarioFormValues,
    inputOf: scenarioInputOf,
    save: (inputs) => save.mutateAsync(inputs),
    nameOf: (stored) => stored.scenarioName,
    prefix: 'scenarios',
    serverFields: SERVER_FIELDS,
    onClose,
  });

  const text = (name: TTextField, required = false) => (
    <Form.Item
      name={name}
      label={t(`scenarios.field.${name}`)}
      rules={[zodRule(fields[name], { name, required })]}
    >
      <Input autoComplete="off" count={lengthCount(fields[name])} data-testid={`scenario-${name}`} />
    </Form.Item>
  );

  const size = (name: TSizeField) => {
    const maximum = MAXIMUM_OF[name];
    return (
      <Form.Item
        name={name}
        label={t(`scenarios.field.${name}`)}
        dependencies={maximum ? [maximum] : undefined}
        rules={[zodRule(fields[name], { name }), ...(maximum ? [rangeRule(name, SCENARIO_RANGES)] : [])]}
      >
        <InputNumber<number> min={0} style={{ width: '100%' }} suffix="mm" data-testid={`scenario-${name}`} />
      </Form.Item>
    );
  };

  return (
    <FormDrawer
      open={open}
      onClose={onClose}
      title={
        creating ? t('scenarios.createTitle') : t('scenarios.editTitle', { name: scenario.scenarioName })
      }
      onSave={() => form.submit()}
      saving={save.isPending}
      saveLabel={creating ? t('common.create') : t('common.save')}
      saveTestId="scenario-form-save"
      width={640}
    >
      {scenario && isPendingStatus(scenario.tifStatus) && scenario.tifStatus ? (
        <PendingNotice
          status={scenario.tifStatus}
          name={scenario.scenarioName}
          readsRequests={can(session, 'contentmanagement.update')}
        />
      ) : null}
      <Form<TScenarioFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={scenarioFormValues(scenario)}
        onFinish={(values) => void submit(values)}
        data-testid="scenario-form"
      >
        {text('scenarioName', true)}
        <Form.Item
          name="revitFamilyId"
          label={t('scenarios.field.revitFamilyId')}
          extra={t('scenarios.familyHint')}
        >
          <SearchSelect
            search={searchFamilies}
            queryKey={['families', 'picker']}
            current={
              scenario?.revitFamilyId
                ? {
                    value: scenario.revitFamilyId,
                    label: scenario.revitFamilyName ?? `#${scenario.revitFamilyId}`,
                  }
                : null
            }
            placeholder={t('scenarios.familyPlaceholder')}
            failedText={t('scenarios.searchFailed')}
            testId="scenario-family"
          />
        </Form.Item>
        {isAdmin ? (
          <Form.Item
            name="companyId"
            label={t('scenarios.field.companyId')}
            extra={t('scenarios.companyHint')}
          >
            <CompanyPicker
              current={scenario}
              placeholder={t('scenarios.companyPlaceholder')}
              testId="scenario-company"
              enabled={open}
            />
          </Form.Item>
        ) : null}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="constructionElement" label={t('scenarios.field.constructionElement')}>
              <CodeSelect
                envKey="constructionServicesListCode"
                placeholder={t('scenarios.codePlaceholder')}
                testId="scenario-constructionElement"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="constructionMaterialCode" label={t('scenarios.field.constructionMaterialCode')}>
              <CodeSelect
                envKey="constructionMaterialsListCode"
                placeholder={t('scenarios.codePlaceholder')}
                testId="scenario-constructionMaterialCode"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {size('constructionThickness')}
          </Col>
          <Col xs={24} sm={12}>
            {text('fireRating')}
          </Col>
          <Col xs={24} sm={12}>
            {size('apertureSizeMinWidth')}
          </Col>
          <Col xs={24} sm={12}>
            {size('apertureSizeMaxWidth')}
          </Col>
          <Col xs={24} sm={12}>
            {size('apertureSizeMinHeight')}
          </Col>
          <Col xs={24} sm={12}>
            {size('apertureSizeMaxHeight')}
          </Col>
          <Col xs={24} sm={12}>
            {text('acousticPerformance')}
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="parameterListId" label={t('scenarios.field.parameterListId')}>
              <SearchSelect
                search={searchParameterLists}
                queryKey={['parameter-lists', 'picker']}
                current={
                  scenario?.parameterListId
                    ? {
                        value: scenario.parameterListId,
                        label: scenario.parameterListCode ?? `#${scenario.parameterListId}`,
                      }
                    : null
                }
                placeholder={t('scenarios.parameterListPlaceholder')}
                failedText={t('scenarios.searchFailed')}
                testId="scenario-parameter-list"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {text('documentType')}
          </Col>
          <Col xs={24} sm={12}>
            {text('pageNumber')}
          </Col>
        </Row>
        {text('detailReference')}
        <Form.Item
          name="serviceSupport"
          label={t('scenarios.field.serviceSupport')}
          rules={[zodRule(fields.serviceSupport, { name: 'serviceSupport' })]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={lengthCount(fields.serviceSupport)} />
        </Form.Item>
        <Form.Item name="active" label={t('scenarios.field.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
