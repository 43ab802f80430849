import { PARAMETER_LIST_SORT_FIELDS } from '@portal/contract';
import { defineList } from '../../../shared/list/list-state.ts';

export type TParameterListSortField = (typeof PARAMETER_LIST_SORT_FIELDS)[number];

/** The parameter lists screen's URL state: `?sort=parameterListCode:desc&q=doors&active=true`. */
export const parameterListsList = defineList({
  sortFields: PARAMETER_LIST_SORT_FIELDS,
  defaultSort: { field: 'parameterListCode', dir: 'asc' },
  filters: { active: { kind: 'boolean' } },
});

export type TParameterListFilters = typeof parameterListsList.spec.filters;
