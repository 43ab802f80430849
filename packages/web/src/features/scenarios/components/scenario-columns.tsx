import type { TScenario } from '@portal/contract';
import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeCode, useCodeItems } from '../../../shared/firestop/code-select.tsx';
import { WorkflowStatusTag } from '../../../shared/firestop/workflow-status.tsx';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';

/** A range of sizes in mm ("50–300"), one side open ("≥ 50") or "any". */
export function rangeText(
  low: number | null,
  high: number | null,
  any: string,
  n: (value: number) => string = String,
): string {
  if (low !== null && high !== null) return `${n(low)}–${n(high)}`;
  if (low !== null) return `≥ ${n(low)}`;
  if (high !== null) return `≤ ${n(high)}`;
  return any;
}

/** The scenarios table's columns; keys that are sort fields sort on the server. */
export function useScenarioColumns({ withStatus }: { withStatus: boolean }): TListColumn<TScenario>[] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const elements = useCodeItems('constructionServicesListCode');
  const materials = useCodeItems('constructionMaterialsListCode');
  const any = t('scenarios.any');
  const { number } = useNumberFormat();
  return [
    {
      key: 'scenarioName',
      title: t('scenarios.field.scenarioName'),
      sortable: true,
      minWidth: 180,
      render: (row) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} align="flex-start">
          <Typography.Text strong ellipsis={{ tooltip: true }}>
            {row.scenarioName}
          </Typography.Text>
          {row.detailReference ? (
            <Typography.Text style={{ fontSize: 12, color: token.colorTextSecondary }}>
              {row.detailReference}
            </Typography.Text>
          ) : null}
          {withStatus && row.tifStatus && row.tifStatus !== 'A' ? (
            <WorkflowStatusTag status={row.tifStatus} />
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'revitFamilyName',
      title: t('scenarios.field.revitFamilyId'),
      sortable: true,
      showFrom: 'md',
      render: (row) => row.revitFamilyName ?? '—',
    },
    {
      key: 'constructionElement',
      title: t('scenarios.field.constructionElement'),
      sortable: true,
      render: (row) => describeCode(elements.data, row.constructionElement) || any,
    },
    {
      key: 'constructionMaterialCode',
      title: t('scenarios.field.constructionMaterialCode'),
      sortable: true,
      showFrom: 'lg',
      render: (row) => describeCode(materials.data, row.constructionMaterialCode) || any,
    },
    {
      key: 'fireRating',
      title: t('scenarios.field.fireRating'),
      sortable: true,
      width: 110,
      render: (row) => (row.fireRating === '0' ? '—' : row.fireRating),
    },
    {
      key: 'aperture',
      title: t('scenarios.aperture'),
      showFrom: 'lg',
      render: (row) => (
        <Flex vertical>
          <span>
            {t('scenarios.widthShort')}{' '}
            {rangeText(row.apertureSizeMinWidth, row.apertureSizeMaxWidth, any, number)}
          </span>
          <span>
            {t('scenarios.heightShort')}{' '}
            {rangeText(row.apertureSizeMinHeight, row.apertureSizeMaxHeight, any, number)}
          </span>
        </Flex>
      ),
    },
    {
      key: 'constructionThickness',
      title: t('scenarios.field.constructionThickness'),
      showFrom: 'xxl',
      width: 130,
      render: (row) => rangeText(row.constructionThickness, null, any, number),
    },
    {
      key: 'companyName',
      title: t('scenarios.field.companyId'),
      sortable: true,
      showFrom: 'xxl',
      render: (row) => row.companyName ?? '—',
    },
    {
      key: 'lastUpdate',
      title: t('scenarios.lastUpdate'),
      sortable: true,
      showFrom: 'xxxl',
      width: 170,
      render: (row) => formatDateTime(row.lastUpdate, ''),
    },
  ];
}
