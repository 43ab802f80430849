import { ZCompany } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZCompanyOption = ZCompany.pick({ companyId: true, companyName: true });
export type TCompanyOption = z.infer<typeof ZCompanyOption>;

const ZAnswer = z.object({
  companyInfos: z.array(ZCompanyOption),
  totalCount: z.number().int().nonnegative(),
});
export type TPublicCompanies = z.infer<typeof ZAnswer>;

/** How many companies the sign-up picker offers for one search; typing narrows the rest. */
export const PUBLIC_COMPANY_PAGE = 50;

/**
 * POST /api/company/find {search, pageSize} without a token: the active companies (id and name
 * only) whose name contains `search`, by name, a page at a time, with how many match in all.
 */
export async function findPublicCompanies(search: string, signal?: AbortSignal): Promise<TPublicCompanies> {
  const typed = search.trim();
  return typedRequest('/company/find', ZAnswer, {
    body: {
      page: 1,
      pageSize: PUBLIC_COMPANY_PAGE,
      sort: [{ field: 'companyName', dir: 'asc' }],
      ...(typed ? { search: typed } : {}),
    },
    auth: false,
    toastErrors: false,
    signal,
  });
}

/** The sign-up picker's companies for what was typed (the previous answer stays shown while it loads). */
export function usePublicCompanies(search: string) {
  return useQuery({
    queryKey: ['companies', 'public', search.trim()],
    queryFn: ({ signal }) => findPublicCompanies(search, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
