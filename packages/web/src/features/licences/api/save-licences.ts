import { type TLicenseInput, type TLicenseListItem, ZLicenseInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { licencesKey } from './find-licences.ts';

/** POST /api/license/save {licenseInfos}: creates (no id) or updates licences (admins). */
export async function saveLicences(licenseInfos: TLicenseInput[]): Promise<TLicenseListItem[]> {
  return (await typedRequest('/license/save', ZLicenseInfos, { body: { licenseInfos } })).licenseInfos;
}

export function useSaveLicences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLicences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licencesKey }),
  });
}
