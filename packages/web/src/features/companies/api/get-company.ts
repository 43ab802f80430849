import { type TCompany, ZCompanyInfos } from '@portal/contract';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** GET /api/company/get/{id}: the company as stored now (a form reloads it after a stale update). */
export async function getCompany(companyId: number): Promise<TCompany> {
  const answer = await typedRequest(`/company/get/${companyId}`, ZCompanyInfos, { method: 'GET' });
  const [company] = answer.companyInfos;
  if (!company) throw new Error(`company ${companyId} was not answered`);
  return company;
}
