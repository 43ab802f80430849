import { type TCompany, ZCompanyInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { companiesKey } from './find-companies.ts';

/** Where a deleted company's users and child companies go: another company, or none (null). */
export type TDeleteCompanyRequest = {
  companyId: number;
  usersTo?: { companyId: number | null };
  childrenTo?: { companyId: number | null };
};

/** POST /api/company/delete; 409 companyHasUsers / companyHasChildren when a target is missing. */
export async function deleteCompany({
  companyId,
  usersTo,
  childrenTo,
}: TDeleteCompanyRequest): Promise<TCompany[]> {
  const answer = await typedRequest('/company/delete', ZCompanyInfos, {
    body: {
      companyInfos: [{ companyId }],
      ...(usersTo ? { usersTo } : {}),
      ...(childrenTo ? { childrenTo } : {}),
    },
  });
  return answer.companyInfos;
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
