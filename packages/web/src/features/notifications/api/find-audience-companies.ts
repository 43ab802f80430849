import { ZId } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZAudienceCompany = z.object({ companyId: ZId, companyName: z.string().optional() });
export type TAudienceCompany = { companyId: number; companyName: string };

const ZAnswer = z.object({ companyInfos: z.array(ZAudienceCompany) });

/** How many companies the audience picker offers for one search. */
export const AUDIENCE_COMPANY_PAGE = 50;

/** POST /api/company/find {search} with the token: companies a notification may address, by name. */
export async function findAudienceCompanies(
  search: string,
  signal?: AbortSignal,
): Promise<TAudienceCompany[]> {
  const answer = await typedRequest('/company/find', ZAnswer, {
    body: {
      page: 1,
      pageSize: AUDIENCE_COMPANY_PAGE,
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

export function useAudienceCompanies(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'notification-audience', search.trim()],
    queryFn: ({ signal }) => findAudienceCompanies(search, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
