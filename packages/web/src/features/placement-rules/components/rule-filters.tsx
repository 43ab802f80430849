import { useTranslation } from 'react-i18next';
import { CodeFilter, SizeFilter, TextFilter } from '../../../shared/firestop/toolbar-filters.tsx';
import { WorkflowFilter } from '../../../shared/firestop/workflow-status.tsx';
import type { TListPatch, TListState } from '../../../shared/list/list-state.ts';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import type { TRuleFilters, TRuleSortField } from './rule-list-state.ts';

export type TRuleFiltersProps = {
  state: TListState<TRuleSortField, TRuleFilters>;
  onChange: (patch: TListPatch<TRuleSortField, TRuleFilters>) => void;
  /** Contributors see requests too and may narrow the list by their status. */
  byStatus: boolean;
};

/** Search on the name, a filter on every code and the service size, and (contributors) the status. */
export function RuleFilters({ state, onChange, byStatus }: TRuleFiltersProps) {
  const { t } = useTranslation();
  const { filters } = state;
  const set = (patch: Partial<typeof filters>) => onChange({ filters: patch });
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('placementRules.search')}
        placeholder={t('placementRules.searchPlaceholder')}
        testId="rule-search"
      />
      <CodeFilter
        envKey="servicesListCode"
        label={t('placementRules.field.typeCode')}
        value={filters.type}
        onChange={(type) => set({ type })}
        testId="rule-filter-type"
      />
      <CodeFilter
        envKey="materialsListCode"
        label={t('placementRules.field.materialCode')}
        value={filters.material}
        onChange={(material) => set({ material })}
        testId="rule-filter-material"
      />
      <SizeFilter
        label={t('placementRules.filterSize')}
        value={filters.size}
        onChange={(size) => set({ size })}
        testId="rule-filter-size"
      />
      <CodeFilter
        envKey="materialsListCode"
        label={t('placementRules.field.additionalInsulationTypeCode')}
        value={filters.insulation}
        onChange={(insulation) => set({ insulation })}
        testId="rule-filter-insulation"
      />
      <TextFilter
        label={t('placementRules.field.closureDeviceSystemType')}
        value={filters.closure}
        onChange={(closure) => set({ closure })}
        testId="rule-filter-closure"
      />
      {byStatus ? <WorkflowFilter value={filters.status} onChange={(status) => set({ status })} /> : null}
    </>
  );
}
