import { APPROVAL_KINDS, APPROVAL_RECORD_KINDS } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import type { TCompanyOption } from '../../../shared/api/company-options.ts';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import { AGE_CHOICES, type TApprovalListPatch, type TApprovalListState } from './approval-list-state.ts';

export type TApprovalFiltersProps = {
  state: TApprovalListState;
  companies: TCompanyOption[];
  onChange: (patch: TApprovalListPatch) => void;
};

/** The kind of record, kind of request, company and waiting-time filters of the inbox. */
export function ApprovalFilters({ state, companies, onChange }: TApprovalFiltersProps) {
  const { t } = useTranslation();
  const { record, kind, companyIds, age } = state.filters;
  return (
    <>
      <FilterSelect<string>
        label={t('approvals.filterRecordKind')}
        value={record || 'all'}
        onChange={(value) => onChange({ filters: { record: value === 'all' ? '' : value } })}
        options={[
          { value: 'all', label: t('approvals.recordKindAll') },
          ...APPROVAL_RECORD_KINDS.map((k) => ({ value: k, label: t(`approvals.recordKind.${k}`) })),
        ]}
        minWidth={160}
      />
      <FilterSelect<string>
        label={t('approvals.filterKind')}
        value={kind || 'all'}
        onChange={(value) => onChange({ filters: { kind: value === 'all' ? '' : value } })}
        options={[
          { value: 'all', label: t('approvals.kindAll') },
          ...APPROVAL_KINDS.map((k) => ({ value: k, label: t(`approvals.kind.${k}`) })),
        ]}
        minWidth={150}
      />
      <FilterSelect<number>
        multiple
        label={t('approvals.filterCompanies')}
        value={companyIds}
        onChange={(next) => onChange({ filters: { companyIds: next } })}
        options={companies.map((c) => ({ value: c.companyId, label: c.companyName }))}
      />
      <FilterSelect<string>
        label={t('approvals.filterAge')}
        value={age || 'any'}
        onChange={(value) => onChange({ filters: { age: value === 'any' ? '' : value } })}
        options={[
          { value: 'any', label: t('approvals.ageAny') },
          ...AGE_CHOICES.map((days) => ({ value: String(days), label: t('approvals.ageOver', { days }) })),
        ]}
        minWidth={160}
      />
    </>
  );
}
