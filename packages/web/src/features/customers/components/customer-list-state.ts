import {
  CUSTOMER_SORT_FIELDS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  type TCustomer,
  type TCustomerFindRequest,
} from '@portal/contract';
import { defineList, type TListQuery } from '../../../shared/list/list-state.ts';

export type TCustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];
export type TCustomerType = TCustomer['customerType'];
export type TCustomerStatus = TCustomer['status'];

/** The customers screen's URL state: `?sort=country:desc&q=acme&type=Business&status=Suspended`. */
export const customerList = defineList({
  sortFields: CUSTOMER_SORT_FIELDS,
  defaultSort: { field: 'customerName', dir: 'asc' },
  filters: { customerType: { kind: 'text', param: 'type' }, status: { kind: 'text', param: 'status' } },
});

export type TCustomerFilters = typeof customerList.spec.filters;

/** `value` as one of `values` in any case (a link kept from when they were lower case), or '' (all). */
const chosenOf = <V extends string>(values: readonly V[], value: string): V | '' =>
  values.find((v) => v.toLowerCase() === value.toLowerCase()) ?? '';

/** The type chosen in the URL, or '' (all) for none or one the server does not know. */
export function chosenType(value: string): TCustomerType | '' {
  return chosenOf(CUSTOMER_TYPES, value);
}

/** The status chosen in the URL, or '' (all) for none or one the server does not know. */
export function chosenStatus(value: string): TCustomerStatus | '' {
  return chosenOf(CUSTOMER_STATUSES, value);
}

/** The find request of a list query: one chosen type or status becomes a one-item list filter. */
export function customerFindRequest(
  query: TListQuery<TCustomerSortField, TCustomerFilters>,
): TCustomerFindRequest {
  const { customerType, status, ...rest } = query;
  const type = chosenType(customerType ?? '');
  const state = chosenStatus(status ?? '');
  return {
    ...rest,
    ...(type ? { customerTypes: [type] } : {}),
    ...(state ? { statuses: [state] } : {}),
  };
}
