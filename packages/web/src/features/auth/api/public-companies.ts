import { ZCompany } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

const ZCompanyOption = ZCompany.pick({ companyId: true, companyName: true });
export type TCompanyOption = z.infer<typeof ZCompanyOption>;

const ZAnswer = z.object({ companyInfos: z.array(ZCompanyOption) });

/** POST /api/company/find {} without a token: active companies for the sign-up form. */
export async function fetchPublicCompanies(): Promise<TCompanyOption[]> {
  const answer = await typedRequest('/company/find', ZAnswer, {
    body: {},
    auth: false,
    toastErrors: false,
  });
  return answer.companyInfos;
}

export function usePublicCompanies() {
  return useQuery({
    queryKey: ['companies', 'public'],
    queryFn: fetchPublicCompanies,
    staleTime: 5 * 60_000,
  });
}
