import { ZCompany, type ZCompanyFindRequest } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TCompanyFindRequest = z.input<typeof ZCompanyFindRequest>;

/** A signed-in find with companymanagement.read answers full records (never the sign-up names). */
export const ZCompanyRecords = z.object({
  companyInfos: z.array(ZCompany),
  totalCount: z.number().int().nonnegative(),
});
export type TCompanyRecords = z.infer<typeof ZCompanyRecords>;

/** POST /api/company/find with paging, sorting, search and filters (active, partner, parent). */
export function findCompanies(query: TCompanyFindRequest): Promise<TCompanyRecords> {
  return typedRequest('/company/find', ZCompanyRecords, { body: query, toastErrors: false });
}

/** Every query about companies starts with this key, so one save or delete refreshes them all. */
export const companiesKey = ['companies'] as const;

export function useFindCompanies(query: TCompanyFindRequest) {
  return useQuery({
    queryKey: [...companiesKey, 'find', query],
    queryFn: () => findCompanies(query),
    placeholderData: keepPreviousData,
  });
}

/** The largest page the API answers: the tree and the pickers read the caller's whole scope at once. */
const WHOLE_SCOPE = 1000;

/** Every company the caller may see (its tree; admins: all), by name: the tree and the parent pickers. */
export function useCompanyScope(enabled = true) {
  return useQuery({
    queryKey: [...companiesKey, 'scope'],
    queryFn: async () =>
      (
        await findCompanies({
          page: 1,
          pageSize: WHOLE_SCOPE,
          sort: [{ field: 'companyName', dir: 'asc' }],
        })
      ).companyInfos,
    enabled,
    staleTime: 30_000,
  });
}
