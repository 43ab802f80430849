import { PRICE_LIST_SORT_FIELDS } from '@portal/contract';
import { defineList } from '../../../shared/list/list-state.ts';

export type TPriceListSortField = (typeof PRICE_LIST_SORT_FIELDS)[number];

/** The price lists screen's URL state: `?sort=itemCount:desc&q=steel&active=true&part=false`. */
export const priceListsList = defineList({
  sortFields: PRICE_LIST_SORT_FIELDS,
  defaultSort: { field: 'priceListCode', dir: 'asc' },
  filters: {
    active: { kind: 'boolean' },
    isPartList: { kind: 'boolean', param: 'part' },
    isDefaultList: { kind: 'boolean', param: 'default' },
    isTemplateList: { kind: 'boolean', param: 'template' },
  },
});

export type TPriceListFilters = typeof priceListsList.spec.filters;
