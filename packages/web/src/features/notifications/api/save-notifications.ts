import { type TNotification, type TNotificationInput, ZNotificationInfos } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { typedRequest } from '../../../shared/api/typed-request.ts';
import { notificationsKey } from './find-notifications.ts';

/** POST /api/notification/save {notificationInfos}: creates (no id) or updates notifications. */
export async function saveNotifications(notificationInfos: TNotificationInput[]): Promise<TNotification[]> {
  return (await typedRequest('/notification/save', ZNotificationInfos, { body: { notificationInfos } }))
    .notificationInfos;
}

export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
