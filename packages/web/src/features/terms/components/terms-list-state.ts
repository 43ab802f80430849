import { TERMS_SORT_FIELDS } from '@portal/contract';
import { defineList } from '../../../shared/list/list-state.ts';

export type TTermsSortField = (typeof TERMS_SORT_FIELDS)[number];

/** The terms screen's URL state: `?sort=termsTitle:asc&q=privacy&active=true`. */
export const termsList = defineList({
  sortFields: TERMS_SORT_FIELDS,
  defaultSort: { field: 'lastUpdate', dir: 'desc' },
  filters: { active: { kind: 'boolean' } },
});

export type TTermsFilters = typeof termsList.spec.filters;
