import { LIST_SORT_FIELDS } from '@portal/contract';
import { defineList } from '../../../shared/list/list-state.ts';

export type TListSortField = (typeof LIST_SORT_FIELDS)[number];

/** The lists screen's URL state: `?sort=listCode:desc&q=unit&active=true`. */
export const genericListsList = defineList({
  sortFields: LIST_SORT_FIELDS,
  defaultSort: { field: 'listCode', dir: 'asc' },
  filters: { active: { kind: 'boolean' } },
});

export type TListFilters = typeof genericListsList.spec.filters;
