import { COMPANY_SORT_FIELDS } from '@portal/contract';
import { defineList } from '../../../shared/list/list-state.ts';

export type TCompanySortField = (typeof COMPANY_SORT_FIELDS)[number];

/**
 * The companies screen's URL state:
 * `?page=2&size=50&sort=companyCity:desc&q=acme&active=false&partner=true&parent=7`.
 * `parent` is the company chosen in the tree: the table then lists the companies directly under it.
 */
export const companyList = defineList({
  sortFields: COMPANY_SORT_FIELDS,
  defaultSort: { field: 'companyName', dir: 'asc' },
  filters: {
    active: { kind: 'boolean' },
    isPartnerCompany: { kind: 'boolean', param: 'partner' },
    parentIds: { kind: 'ids', param: 'parent' },
  },
});

export type TCompanyFilters = typeof companyList.spec.filters;
export type TCompanyListState = ReturnType<typeof companyList.parse>;
export type TCompanyListPatch = Parameters<typeof companyList.apply>[1];
