import { type TFamilyFindRequest, ZRevitFamilyPage } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/**
 * Under the families feature's key ('families'), so saving, deciding or deleting a family, which
 * invalidates that key, refreshes the home page's cards too.
 */
const homeFamiliesKey = ['families', 'home'] as const;

/** How many families the home page shows as small cards. */
export const HOME_FAMILIES_SHOWN = 8;

/** POST /api/family/find, newest first: the families the caller may see, or `extra` narrows them. */
export function findNewestFamilies(pageSize: number, extra: TFamilyFindRequest = {}) {
  return typedRequest('/family/find', ZRevitFamilyPage, {
    body: { ...extra, page: 1, pageSize, sort: [{ field: 'createdOn', dir: 'desc' }] },
    toastErrors: false,
  });
}

/** The newest families and how many there are in all (of the caller's company tree for a partner). */
export function useNewestFamilies(pageSize: number, extra: TFamilyFindRequest = {}) {
  return useQuery({
    queryKey: [...homeFamiliesKey, pageSize, extra],
    queryFn: () => findNewestFamilies(pageSize, extra),
  });
}
