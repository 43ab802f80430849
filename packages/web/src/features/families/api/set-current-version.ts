import { type TRevitFamily, ZRevitFamilyInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { familiesKey } from './find-families.ts';

export type TVersionChoice = { revitFamilyId: number; versionId: number };

/** POST /api/family/version/current: makes a stored file the one downloaded (a request for non-admins). */
export async function setCurrentVersion(choice: TVersionChoice): Promise<TRevitFamily | null> {
  const answer = await typedRequest('/family/version/current', ZRevitFamilyInfos, { body: choice });
  return answer.revitFamilyInfos[0] ?? null;
}

export function useSetCurrentVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCurrentVersion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familiesKey }),
  });
}
