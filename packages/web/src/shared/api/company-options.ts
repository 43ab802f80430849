import { ZCompany, ZId } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from './typed-request.ts';

/** A company a picker offers: its id and a name to show (`#id` when the answer has none). */
export type TCompanyOption = { companyId: number; companyName: string };

const ZSearchAnswer = z.object({
  companyInfos: z.array(z.object({ companyId: ZId, companyName: z.string().optional() })),
});

/** How many companies a searched picker offers for one search. */
export const COMPANY_SEARCH_PAGE = 50;

/** The companies of the caller's tree (admins: all) whose name matches `search`, by name. */
export async function searchCompanyOptions(search: string, signal?: AbortSignal): Promise<TCompanyOption[]> {
  const answer = await typedRequest('/company/find', ZSearchAnswer, {
    body: {
      page: 1,
      pageSize: COMPANY_SEARCH_PAGE,
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

/** The first page of companies matching `search` (the previous answer stays shown while it loads). */
export function useCompanySearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'search', search.trim()],
    queryFn: ({ signal }) => searchCompanyOptions(search, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** A company of the caller's whole scope, with its parent so a picker can show the hierarchy. */
const ZScopeOption = ZCompany.pick({ companyId: true, companyName: true }).extend({
  parentCompany: ZCompany.shape.parentCompany.optional(),
  active: z.boolean().optional(),
});
export type TCompanyScopeOption = z.infer<typeof ZScopeOption>;

const ZScopeAnswer = z.object({ companyInfos: z.array(ZScopeOption) });

/** The largest page the API answers: a tree picker offers the caller's whole scope at once. */
const WHOLE_SCOPE = 1000;

/** Every company the caller may assign (own tree; admins all), by name. */
export async function findCompanyScope(): Promise<TCompanyScopeOption[]> {
  const answer = await typedRequest('/company/find', ZScopeAnswer, {
    body: { page: 1, pageSize: WHOLE_SCOPE, sort: [{ field: 'companyName', dir: 'asc' }] },
    toastErrors: false,
  });
  return answer.companyInfos;
}

export function useCompanyScopeOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: findCompanyScope,
    enabled,
    staleTime: 60_000,
  });
}
