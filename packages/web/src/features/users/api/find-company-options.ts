import { ZCompany } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** A company to pick, with its parent so the picker shows the hierarchy. */
const ZCompanyOption = ZCompany.pick({ companyId: true, companyName: true }).extend({
  parentCompany: ZCompany.shape.parentCompany.optional(),
  active: z.boolean().optional(),
});
export type TCompanyOption = z.infer<typeof ZCompanyOption>;

const ZAnswer = z.object({ companyInfos: z.array(ZCompanyOption) });

/** The largest page the API answers: the picker offers the caller's whole scope at once. */
const WHOLE_SCOPE = 1000;

/** POST /api/company/find with the token: the companies this user may assign (own tree; admins all), by name. */
export async function findCompanyOptions(): Promise<TCompanyOption[]> {
  const answer = await typedRequest('/company/find', ZAnswer, {
    body: { page: 1, pageSize: WHOLE_SCOPE, sort: [{ field: 'companyName', dir: 'asc' }] },
    toastErrors: false,
  });
  return answer.companyInfos;
}

export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: findCompanyOptions,
    enabled,
    staleTime: 60_000,
  });
}
