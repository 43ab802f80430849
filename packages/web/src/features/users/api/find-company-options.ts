import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TCompanyOption = { companyId: number; companyName: string };

/** POST /api/company/find {} with the token: the companies this user may assign (own tree). */
export async function findCompanyOptions(): Promise<TCompanyOption[]> {
  const answer = await apiRequest<{ companyInfos?: TCompanyOption[] }>('/company/find', {
    body: {},
    toastErrors: false,
  });
  return (answer.companyInfos ?? []).map(({ companyId, companyName }) => ({ companyId, companyName }));
}

export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: findCompanyOptions,
    enabled,
    staleTime: 60_000,
  });
}
