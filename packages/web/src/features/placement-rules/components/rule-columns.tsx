import type { TPlacementRule } from '@portal/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeCode, useCodeItems } from '../../../shared/firestop/code-select.tsx';
import { WorkflowStatusTag } from '../../../shared/firestop/workflow-status.tsx';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';

/** The placement rules table's columns; keys that are sort fields sort on the server. */
export function useRuleColumns({ withStatus }: { withStatus: boolean }): TListColumn<TPlacementRule>[] {
  const { t } = useTranslation();
  const { number } = useNumberFormat();
  const services = useCodeItems('servicesListCode');
  const materials = useCodeItems('materialsListCode');
  const any = t('scenarios.any');
  const size = (value: number | null) => (value === null ? null : number(value));
  return [
    {
      key: 'placementRuleName',
      title: t('placementRules.field.placementRuleName'),
      sortable: true,
      minWidth: 180,
      render: (row) => (
        <Flex vertical gap={4} style={{ minWidth: 0 }} align="flex-start">
          <Typography.Text strong ellipsis={{ tooltip: true }}>
            {row.placementRuleName}
          </Typography.Text>
          {withStatus && row.tifStatus && row.tifStatus !== 'A' ? (
            <WorkflowStatusTag status={row.tifStatus} />
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'scenarioName',
      title: t('placementRules.field.scenarioId'),
      sortable: true,
      showFrom: 'md',
      render: (row) => row.scenarioName ?? '—',
    },
    {
      key: 'typeCode',
      title: t('placementRules.field.typeCode'),
      sortable: true,
      render: (row) => describeCode(services.data, row.typeCode) || any,
    },
    {
      key: 'materialCode',
      title: t('placementRules.field.materialCode'),
      sortable: true,
      showFrom: 'lg',
      render: (row) => describeCode(materials.data, row.materialCode) || any,
    },
    {
      key: 'serviceSizeRangeLow',
      title: t('placementRules.sizeFrom'),
      sortable: true,
      width: 110,
      render: (row) => size(row.serviceSizeRangeLow) ?? any,
    },
    {
      key: 'serviceSizeRangeHigh',
      title: t('placementRules.sizeTo'),
      sortable: true,
      width: 110,
      render: (row) => size(row.serviceSizeRangeHigh) ?? any,
    },
    {
      key: 'closure',
      title: t('placementRules.closure'),
      showFrom: 'xxl',
      render: (row) =>
        row.closureDeviceSystemType
          ? `${row.closureDeviceSystemType}${row.closureDeviceSystemCount ? ` × ${row.closureDeviceSystemCount}` : ''}`
          : '—',
    },
    {
      key: 'insulation',
      title: t('placementRules.field.additionalInsulationTypeCode'),
      showFrom: 'xxl',
      render: (row) => describeCode(materials.data, row.additionalInsulationTypeCode) || '—',
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
