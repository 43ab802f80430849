import { useTranslation } from 'react-i18next';
import { CodeFilter, SizeFilter, TextFilter } from '../../../shared/firestop/toolbar-filters.tsx';
import { WorkflowFilter } from '../../../shared/firestop/workflow-status.tsx';
import type { TListPatch, TListState } from '../../../shared/list/list-state.ts';
import { SearchBox } from '../../../shared/list/search-box.tsx';
import type { TScenarioFilters, TScenarioSortField } from './scenario-list-state.ts';

export type TScenarioFiltersProps = {
  state: TListState<TScenarioSortField, TScenarioFilters>;
  onChange: (patch: TListPatch<TScenarioSortField, TScenarioFilters>) => void;
  /** Contributors see requests too and may narrow the list by their status. */
  byStatus: boolean;
};

/** Search on the name, a filter on every code and size, and (contributors) the workflow status. */
export function ScenarioFilters({ state, onChange, byStatus }: TScenarioFiltersProps) {
  const { t } = useTranslation();
  const { filters } = state;
  const set = (patch: Partial<typeof filters>) => onChange({ filters: patch });
  return (
    <>
      <SearchBox
        value={state.search}
        onSearch={(search) => onChange({ search })}
        label={t('scenarios.search')}
        placeholder={t('scenarios.searchPlaceholder')}
        testId="scenario-search"
      />
      <CodeFilter
        envKey="constructionServicesListCode"
        label={t('scenarios.field.constructionElement')}
        value={filters.element}
        onChange={(element) => set({ element })}
        testId="scenario-filter-element"
      />
      <CodeFilter
        envKey="constructionMaterialsListCode"
        label={t('scenarios.field.constructionMaterialCode')}
        value={filters.material}
        onChange={(material) => set({ material })}
        testId="scenario-filter-material"
      />
      <TextFilter
        label={t('scenarios.field.fireRating')}
        value={filters.rating}
        onChange={(rating) => set({ rating })}
        testId="scenario-filter-rating"
      />
      <SizeFilter
        label={t('scenarios.filterWidth')}
        value={filters.width}
        onChange={(width) => set({ width })}
        testId="scenario-filter-width"
      />
      <SizeFilter
        label={t('scenarios.filterHeight')}
        value={filters.height}
        onChange={(height) => set({ height })}
        testId="scenario-filter-height"
      />
      <SizeFilter
        label={t('scenarios.filterThickness')}
        value={filters.thickness}
        onChange={(thickness) => set({ thickness })}
        testId="scenario-filter-thickness"
      />
      {byStatus ? <WorkflowFilter value={filters.status} onChange={(status) => set({ status })} /> : null}
    </>
  );
}
