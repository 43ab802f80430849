import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TCompanyOption = { companyId: number; companyName: string };

/** POST /api/company/find {} without a token: active companies for the sign-up form. */
export async function fetchPublicCompanies(): Promise<TCompanyOption[]> {
  const answer = await apiRequest<{ companyInfos?: TCompanyOption[] }>('/company/find', {
    body: {},
    auth: false,
    toastErrors: false,
  });
  return answer.companyInfos ?? [];
}

export function usePublicCompanies() {
  return useQuery({
    queryKey: ['companies', 'public'],
    queryFn: fetchPublicCompanies,
    staleTime: 5 * 60_000,
  });
}
