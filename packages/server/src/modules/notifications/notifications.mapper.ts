import type { TNotification } from '@portal/contract';
import type { TNotificationRow } from './notifications.repository.ts';

/** The one place a notification row becomes the API record. */
export function toNotification(row: TNotificationRow): TNotification {
  return {
    notificationId: row.id,
    notificationTitle: row.title,
    notificationDescription: row.description,
    notificationUrl: row.url,
    companyId: row.companyId,
    companyName: row.companyName,
    recipientLogin: row.recipientLogin,
    createdOn: row.createdAt.toISOString(),
    lastUpdate: row.lastUpdate.toISOString(),
    read: row.read,
  };
}
