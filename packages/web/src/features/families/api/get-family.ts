import { type TRevitFamily, ZRevitFamilyInfos } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { familiesKey } from './find-families.ts';

/** GET /api/family/get/{id}: one family with its types and every stored version. */
export async function getFamily(id: number): Promise<TRevitFamily> {
  const answer = await typedRequest(`/family/get/${id}`, ZRevitFamilyInfos, {
    method: 'GET',
    toastErrors: false,
  });
  const family = answer.revitFamilyInfos[0];
  if (!family) throw new ApiError(404, [], i18n.t('families.page.notFound'));
  return family;
}

/** The query key of one family; it sits under the library's key, so a save refreshes both. */
export function familyKey(id: number) {
  return [...familiesKey, 'get', id] as const;
}

export function useFamily(id: number | undefined) {
  return useQuery({
    queryKey: familyKey(id ?? 0),
    queryFn: () => getFamily(id ?? 0),
    enabled: id !== undefined,
    // A missing or forbidden family stays so; asking again only delays the message.
    retry: (failures, error) =>
      !(error instanceof ApiError && [403, 404].includes(error.status)) && failures < 2,
  });
}
