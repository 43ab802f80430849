import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { LOOKUP_MAX_LIMIT, MAX_DIMENSION } from '@portal/contract';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../../shared/api/api-error.ts';
import { can } from '../../../../shared/auth/session-store.ts';
import { useSession } from '../../../../shared/auth/use-session.ts';
import { CodeSelect } from '../../../../shared/firestop/code-select.tsx';
import { CompanyPicker } from '../../../../shared/ui/company-picker.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { type TLookupResult, useRunLookup } from '../../api/run-lookup.ts';
import { CopyBlock, LookupAnswers } from './lookup-results.tsx';
import {
  curlOf,
  lookupPath,
  lookupSearchOf,
  lookupUrl,
  paramsOf,
  type TLookupKind,
  type TLookupValues,
} from './lookup-query.ts';

/** What the panel shows after a call: the answer, or the refusal with its reasons. */
type TOutcome = { path: string; result: TLookupResult } | { path: string; error: string[] };

/**
 * #/placement-rules/lookup: "try the lookup". The design tools' call with the person's inputs (the
 * capitalised parameters, codes from the same lists as the forms), its ranked answers with each
 * limit, the near misses when nothing matched, and the JSON and command line exactly as a design
 * tool would send and get them. `?kind=scenario` asks the scenario lookup.
 */
export function LookupPanel() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const kind: TLookupKind = params.get('kind') === 'scenario' ? 'scenario' : 'rule';
  const [form] = Form.useForm<TLookupValues>();
  const run = useRunLookup();
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const isAdmin = can(session, 'adminmanagement.read');

  const setKind = (next: TLookupKind) => {
    setOutcome(null);
    setParams(next === 'scenario' ? { kind: 'scenario' } : {}, { replace: true });
  };

  const submit = async (values: TLookupValues) => {
    const path = lookupPath(kind, lookupSearchOf(kind, values));
    try {
      setOutcome({ path, result: await run.mutateAsync({ kind, path }) });
    } catch (error) {
      setOutcome({
        path,
        error: isApiError(error)
          ? error.detailList.map((d) => d.text).concat(error.details.length ? [] : [error.message])
          : [String(error)],
      });
    }
  };

  const url = outcome ? lookupUrl(outcome.path, window.location.href) : null;

  return (
    <>
      <PageHeader
        title={t('lookup.title')}
        subtitle={t('lookup.subtitle')}
        extra={
          <Button
            href={kind === 'rule' ? '#/placement-rules' : '#/scenarios'}
            icon={<ArrowLeftOutlined />}
            data-testid="lookup-back"
          >
            {kind === 'rule' ? t('menu.placementRules') : t('menu.scenarios')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card size="small">
            <Segmented<TLookupKind>
              block
              value={kind}
              onChange={setKind}
              options={[
                { value: 'rule', label: t('lookup.kindRules') },
                { value: 'scenario', label: t('lookup.kindScenarios') },
              ]}
              style={{ marginBottom: 16 }}
              data-testid="lookup-kind"
            />
            <Form<TLookupValues>
              form={form}
              layout="vertical"
              onFinish={(values) => void submit(values)}
              data-testid="lookup-form"
            >
              {paramsOf(kind).map((param) => (
                <Form.Item
                  key={param.name}
                  name={param.name}
                  label={param.name}
                  extra={t(`lookup.param.${param.name}`)}
                  style={{ marginBottom: 12 }}
                >
                  {param.input === 'code' ? (
                    <CodeSelect envKey={param.envKey} testId={`lookup-${param.name}`} />
                  ) : param.input === 'size' ? (
                    <InputNumber<number>
                      min={0}
                      max={MAX_DIMENSION}
                      suffix="mm"
                      style={{ width: '100%' }}
                      data-testid={`lookup-${param.name}`}
                    />
                  ) : (
                    <Input autoComplete="off" allowClear data-testid={`lookup-${param.name}`} />
                  )}
                </Form.Item>
              ))}
              {isAdmin ? (
                <Form.Item name="CompanyId" label="CompanyId" extra={t('lookup.param.CompanyId')}>
                  <CompanyPicker placeholder={t('lookup.anyCompany')} testId="lookup-CompanyId" />
                </Form.Item>
              ) : null}
              <Form.Item
                name="limit"
                label="limit"
                extra={t('lookup.param.limit', { max: LOOKUP_MAX_LIMIT })}
              >
                <InputNumber<number> min={1} max={LOOKUP_MAX_LIMIT} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Flex gap={8} wrap>
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<SearchOutlined />}
                  loading={run.isPending}
                  data-testid="lookup-run"
                >
                  {t('lookup.run')}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    setOutcome(null);
                  }}
                >
                  {t('lookup.reset')}
                </Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Flex vertical gap={16} aria-live="polite">
            {outcome === null ? <Alert type="info" showIcon title={t('lookup.hint')} /> : null}
            {outcome && 'error' in outcome ? (
              <Alert
                type="error"
                showIcon
                data-testid="lookup-error"
                title={t('lookup.refused')}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {outcome.error.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                }
              />
            ) : null}
            {outcome && 'result' in outcome ? <LookupAnswers result={outcome.result} /> : null}
            {outcome && url ? (
              <Card size="small" title={t('lookup.asTool')}>
                <Flex vertical gap={16}>
                  <CopyBlock label={t('lookup.command')} text={curlOf(url)} testId="lookup-curl" />
                  {'result' in outcome ? (
                    <CopyBlock
                      label={t('lookup.json')}
                      text={JSON.stringify(outcome.result.raw, null, 2)}
                      testId="lookup-json"
                    />
                  ) : null}
                </Flex>
              </Card>
            ) : null}
          </Flex>
        </Col>
      </Row>
    </>
  );
}
