import { type TNotificationFindRequest, ZNotificationPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { typedRequest } from '../../../shared/api/typed-request.ts';

export type TNotificationPage = z.infer<typeof ZNotificationPage>;

/** POST /api/notification/find: the caller's notifications (admins: every one with `manage`) and its unread count. */
export function findNotifications(
  query: TNotificationFindRequest,
  signal?: AbortSignal,
): Promise<TNotificationPage> {
  return typedRequest('/notification/find', ZNotificationPage, { body: query, toastErrors: false, signal });
}

export const notificationsKey = ['notifications'] as const;

/** The bell's query key: the newest notifications addressed to the caller. */
export const latestNotificationsKey = [...notificationsKey, 'latest'] as const;

/** How many notifications the bell lists. */
export const LATEST_COUNT = 10;

/** How often the bell asks again for the unread count (and on every return to the window). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export function useFindNotifications(query: TNotificationFindRequest) {
  return useQuery({
    queryKey: [...notificationsKey, 'find', query],
    queryFn: ({ signal }) => findNotifications(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The bell's newest notifications with the unread count, refreshed every minute and on window focus. */
export function useLatestNotifications() {
  return useQuery({
    queryKey: latestNotificationsKey,
    queryFn: ({ signal }) =>
      findNotifications(
        { page: 1, pageSize: LATEST_COUNT, sort: [{ field: 'createdOn', dir: 'desc' }] },
        signal,
      ),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
  });
}
