import { CopyOutlined } from '@ant-design/icons';
import type { TLookupFailure } from '@portal/contract';
import { Button, Card, Descriptions, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../shared/toast/toast-store.ts';
import type { TLookupResult } from '../../api/run-lookup.ts';
import { failureOf } from './lookup-query.ts';

type TFamily = {
  revitFamilyId: number | null;
  revitFamilyName: string | null;
  revitVersion: string | null;
  downloadPath: string | null;
};
type TLimits = Record<string, { asked: number; low: number | null; high: number | null }>;

/** One ranked answer, rule or scenario, as the design tool would present it. */
type TAnswerCard = {
  key: number;
  name: string;
  scenario: string | null;
  detail: string | null;
  family: TFamily;
  limits: TLimits;
};

/** Copies `text` and says so; a browser that refuses says that instead. */
async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.warning(failed);
  }
}

/** A block of text a person copies (the JSON, the command line), scrollable by keyboard. */
export function CopyBlock({ label, text, testId }: { label: string; text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{label}</Typography.Text>
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() => void copy(text, t('lookup.copied'), t('lookup.copyFailed'))}
          data-testid={`${testId}-copy`}
          aria-label={`${t('lookup.copy')}: ${label}`}
        >
          {t('lookup.copy')}
        </Button>
      </Flex>
      <pre
        tabIndex={0}
        aria-label={label}
        data-testid={testId}
        style={{
          margin: 0,
          maxHeight: 360,
          overflow: 'auto',
          padding: 12,
          fontSize: 12,
          borderRadius: 6,
          background: 'var(--ant-color-fill-quaternary, rgba(0,0,0,0.04))',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {text}
      </pre>
    </Flex>
  );
}

function LimitsTable({ limits }: { limits: TLimits }) {
  const { t } = useTranslation();
  const rows = Object.entries(limits).map(([parameter, bounds]) => ({ parameter, ...bounds }));
  if (!rows.length) return null;
  const bound = (value: number | null) => (value === null ? t('scenarios.any') : value);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="parameter"
      dataSource={rows}
      data-testid="lookup-limits"
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'parameter', dataIndex: 'parameter', title: t('lookup.parameter') },
        { key: 'asked', dataIndex: 'asked', title: t('lookup.asked') },
        { key: 'low', title: t('lookup.low'), render: (_value, row) => bound(row.low) },
        { key: 'high', title: t('lookup.high'), render: (_value, row) => bound(row.high) },
      ]}
    />
  );
}

function FamilyLine({ family }: { family: TFamily }) {
  const { t } = useTranslation();
  if (family.revitFamilyId === null) return <>{t('lookup.noFamily')}</>;
  return (
    <Flex vertical gap={2}>
      <a href={`#/families/${family.revitFamilyId}`}>
        {family.revitFamilyName ?? `#${family.revitFamilyId}`}
      </a>
      {family.revitVersion ? (
        <Typography.Text type="secondary">
          {t('lookup.revitVersion', { version: family.revitVersion })}
        </Typography.Text>
      ) : null}
      {family.downloadPath ? (
        <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="lookup-download">
          {family.downloadPath}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function cardsOf(result: TLookupResult): TAnswerCard[] {
  if (result.kind === 'rule')
    return result.answer.placementRuleInfos.map((rule) => ({
      key: rule.placementRuleId,
      name: rule.placementRuleName,
      scenario: rule.scenario.scenarioName,
      detail: rule.scenario.detailReference,
      family: rule,
      limits: rule.limits,
    }));
  return result.answer.scenarioInfos.map((scenario) => ({
    key: scenario.scenarioId,
    name: scenario.scenarioName,
    scenario: null,
    detail: scenario.detailReference,
    family: scenario,
    limits: scenario.limits,
  }));
}

function nearMissesOf(
  result: TLookupResult,
): Array<{ key: number; name: string; failures: TLookupFailure[] }> {
  if (result.kind === 'rule')
    return result.answer.nearMisses.map((miss) => ({
      key: miss.record.placementRuleId,
      name: miss.record.placementRuleName,
      failures: miss.failures,
    }));
  return result.answer.nearMisses.map((miss) => ({
    key: miss.record.scenarioId,
    name: miss.record.scenarioName,
    failures: miss.failures,
  }));
}

/** One failed constraint of a near miss, in words. */
function FailureText({ failure }: { failure: TLookupFailure }) {
  const { t } = useTranslation();
  const what = failureOf(failure);
  const parameter = failure.parameter;
  switch (what.kind) {
    case 'below':
      return <>{t('lookup.failBelow', { parameter, asked: what.asked, bound: what.bound, by: what.by })}</>;
    case 'above':
      return <>{t('lookup.failAbove', { parameter, asked: what.asked, bound: what.bound, by: what.by })}</>;
    case 'differs':
      return <>{t('lookup.failDiffers', { parameter, asked: what.asked, value: what.value })}</>;
  }
}

/** The ranked answers of a lookup, best first, or its near misses when nothing matched. */
export function LookupAnswers({ result }: { result: TLookupResult }) {
  const { t } = useTranslation();
  const cards = cardsOf(result);
  const misses = nearMissesOf(result);
  return (
    <Flex vertical gap={12} data-testid="lookup-answers">
      <Typography.Title level={3} style={{ margin: 0, fontSize: 18 }}>
        {t('lookup.answers', { count: cards.length })}
      </Typography.Title>
      {cards.map((card, index) => (
        <Card
          key={card.key}
          size="small"
          data-testid="lookup-answer"
          title={
            <Flex gap={8} align="center" style={{ minWidth: 0 }}>
              <Tag>{`#${index + 1}`}</Tag>
              <Typography.Text strong ellipsis={{ tooltip: true }}>
                {card.name}
              </Typography.Text>
            </Flex>
          }
        >
          <Descriptions
            size="small"
            column={1}
            items={[
              ...(card.scenario !== null
                ? [{ key: 'scenario', label: t('placementRules.field.scenarioId'), children: card.scenario }]
                : []),
              ...(card.detail
                ? [{ key: 'detail', label: t('scenarios.field.detailReference'), children: card.detail }]
                : []),
              { key: 'family', label: t('lookup.family'), children: <FamilyLine family={card.family} /> },
            ]}
          />
          <LimitsTable limits={card.limits} />
        </Card>
      ))}
      {cards.length === 0 ? (
        <Empty description={t('lookup.nothing')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : null}
      {misses.length ? (
        <Flex vertical gap={8} data-testid="lookup-near-misses">
          <Typography.Title level={4} style={{ margin: 0, fontSize: 16 }}>
            {t('lookup.nearMisses')}
          </Typography.Title>
          {misses.map((miss) => (
            <Card key={miss.key} size="small" title={miss.name} data-testid="lookup-near-miss">
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {miss.failures.map((failure) => (
                  <li key={failure.parameter}>
                    <FailureText failure={failure} />
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}
