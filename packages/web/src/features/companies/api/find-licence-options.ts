import { ZLicensePage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** The licences a company may be linked to: POST /api/license/find (partnermanagement.read), by code. */
export function useLicenceOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['licences', 'options'],
    queryFn: async () =>
      (
        await typedRequest('/license/find', ZLicensePage, {
          body: { page: 1, pageSize: 1000, sort: [{ field: 'licenseCode', dir: 'asc' }] },
          toastErrors: false,
        })
      ).licenseInfos,
    enabled,
    staleTime: 60_000,
  });
}
