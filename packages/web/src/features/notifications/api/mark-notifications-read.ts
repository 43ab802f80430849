import { ZUnreadCount } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { latestNotificationsKey, notificationsKey, type TNotificationPage } from './find-notifications.ts';

/** Which notifications to mark read: the listed ids, or every one addressed to the caller. */
export type TMarkRead = { ids: number[] } | { all: true };

/** POST /api/notification/read {notificationInfos} or {all: true}; answers the unread count left. */
export async function markNotificationsRead(which: TMarkRead): Promise<number> {
  const body =
    'all' in which
      ? { all: true }
      : { notificationInfos: which.ids.map((notificationId) => ({ notificationId })) };
  return (await typedRequest('/notification/read', ZUnreadCount, { body })).unreadCount;
}

/**
 * Marks notifications read. The bell shows the answer at once (its count and bold rows), then
 * every notification list loads again.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: async (unreadCount, which) => {
      queryClient.setQueryData<TNotificationPage>(latestNotificationsKey, (page) =>
        page
          ? {
              ...page,
              unreadCount,
              notificationInfos: page.notificationInfos.map((n) =>
                'all' in which || which.ids.includes(n.notificationId) ? { ...n, read: true } : n,
              ),
            }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
