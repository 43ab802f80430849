import { ZTermsPage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** The terms a company may be linked to: POST /api/terms/find (its tree's, and portal-wide ones), by title. */
export function useTermsOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['terms', 'options'],
    queryFn: async () =>
      (
        await typedRequest('/terms/find', ZTermsPage, {
          body: { page: 1, pageSize: 1000, sort: [{ field: 'termsTitle', dir: 'asc' }] },
          toastErrors: false,
        })
      ).termsInfos,
    enabled,
    staleTime: 60_000,
  });
}
