import { ZLicenseInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/** POST /api/license/check for one licence; the licence options are read again after it. */
export function useCheckLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (licenseInfoId: number) =>
      (
        await typedRequest('/license/check', ZLicenseInfos, {
          body: { checkedLicenseInfos: [{ licenseInfo: { licenseInfoId } }] },
        })
      ).licenseInfos,
    onSuccess: () => client.invalidateQueries({ queryKey: ['licences'] }),
  });
}
