import { type TCompany, type TCompanyInput, ZCompanyInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { companiesKey } from './find-companies.ts';

/**
 * POST /api/company/save (a new company, no companyId) or /api/company/update (companyId and the
 * lastUpdate the form read; a stale one answers 409 staleUpdate).
 */
export async function saveCompany(input: TCompanyInput): Promise<TCompany> {
  const path = input.companyId === undefined ? '/company/save' : '/company/update';
  const answer = await typedRequest(path, ZCompanyInfos, { body: { companyInfos: [input] } });
  const [company] = answer.companyInfos;
  if (!company) throw new Error('the saved company was not answered');
  return company;
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companiesKey }),
  });
}
