import { ZId } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZAnswer = z.object({
  companyInfos: z.array(z.object({ companyId: ZId, companyName: z.string().optional() })),
});
export type TCompanyOption = { companyId: number; companyName: string };

/** How many companies the picker offers for one search. */
const COMPANY_OPTIONS_PAGE = 50;

/** POST /api/company/find {search}: the companies of the caller's tree that terms may belong to, by name. */
export async function findCompanyOptions(search: string, signal?: AbortSignal): Promise<TCompanyOption[]> {
  const answer = await typedRequest('/company/find', ZAnswer, {
    body: {
      page: 1,
      pageSize: COMPANY_OPTIONS_PAGE,
      sort: [{ field: 'companyName', dir: 'asc' }],
      ...(search.trim() ? { search: search.trim() } : {}),
    },
    toastErrors: false,
    signal,
  });
  return answer.companyInfos.map((c) => ({
    companyId: c.companyId,
    companyName: c.companyName ?? `#${c.companyId}`,
  }));
}

export function useCompanyOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'terms-options', search.trim()],
    queryFn: ({ signal }) => findCompanyOptions(search, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
