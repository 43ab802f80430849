import { type TNotification, ZNotificationInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { notificationsKey } from './find-notifications.ts';

/** POST /api/notification/delete {notificationInfos: [{notificationId}]}. */
export async function deleteNotifications(notificationIds: number[]): Promise<TNotification[]> {
  const answer = await typedRequest('/notification/delete', ZNotificationInfos, {
    body: { notificationInfos: notificationIds.map((notificationId) => ({ notificationId })) },
  });
  return answer.notificationInfos;
}

export function useDeleteNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
