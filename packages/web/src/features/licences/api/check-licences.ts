import { type TLicenseListItem, ZLicenseInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { licencesKey } from './find-licences.ts';

/** POST /api/license/check: checks the licences now and answers them with validCheck and its date. */
export async function checkLicences(licenseInfoIds: number[]): Promise<TLicenseListItem[]> {
  const answer = await typedRequest('/license/check', ZLicenseInfos, {
    body: {
      checkedLicenseInfos: licenseInfoIds.map((licenseInfoId) => ({ licenseInfo: { licenseInfoId } })),
    },
  });
  return answer.licenseInfos;
}

export function useCheckLicences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkLicences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licencesKey }),
  });
}
