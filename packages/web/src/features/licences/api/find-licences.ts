import { type TLicenseFindRequest, ZLicensePage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TLicencePage = z.infer<typeof ZLicensePage>;

/** POST /api/license/find with paging, sorting, search and the active and expiring filters. */
export function findLicences(query: TLicenseFindRequest): Promise<TLicencePage> {
  return typedRequest('/license/find', ZLicensePage, { body: query, toastErrors: false });
}

/** Every query about licences starts with this key, so a save or check refreshes them all. */
export const licencesKey = ['licences'] as const;

export function useFindLicences(query: TLicenseFindRequest) {
  return useQuery({
    queryKey: [...licencesKey, 'find', query],
    queryFn: () => findLicences(query),
    placeholderData: keepPreviousData,
  });
}
