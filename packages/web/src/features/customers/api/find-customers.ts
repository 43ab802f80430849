import { type TCustomerFindRequest, ZCustomerPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TCustomerPage = z.infer<typeof ZCustomerPage>;

/** POST /api/customer/find with paging, sorting, search and the type and status filters. */
export function findCustomers(query: TCustomerFindRequest): Promise<TCustomerPage> {
  return typedRequest('/customer/find', ZCustomerPage, { body: query, toastErrors: false });
}

/** Every query about customers starts with this key. */
export const customersKey = ['customers'] as const;

export function useFindCustomers(query: TCustomerFindRequest) {
  return useQuery({
    queryKey: [...customersKey, 'find', query],
    queryFn: () => findCustomers(query),
    placeholderData: keepPreviousData,
  });
}
