import { ZCompany } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZCompanyOption = ZCompany.pick({ companyId: true, companyName: true });
export type TCompanyOption = z.infer<typeof ZCompanyOption>;

const ZAnswer = z.object({ companyInfos: z.array(ZCompanyOption) });

/** POST /api/company/find {} with the token: the companies this user may assign (own tree). */
export async function findCompanyOptions(): Promise<TCompanyOption[]> {
  const answer = await typedRequest('/company/find', ZAnswer, { body: {}, toastErrors: false });
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
