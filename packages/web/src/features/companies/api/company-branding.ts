import { ZBranding } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { companiesKey } from './find-companies.ts';

export type TBranding = z.infer<typeof ZBranding>['branding'];

/** GET /api/company/branding: the logo and name the signed-in user's header shows. */
export async function findBranding(): Promise<TBranding> {
  return (await typedRequest('/company/branding', ZBranding, { method: 'GET', toastErrors: false })).branding;
}

/** The header's branding; under the companies key, so saving a company's logo shows at once. */
export function useBranding() {
  return useQuery({
    queryKey: [...companiesKey, 'branding'],
    queryFn: findBranding,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
