import { NOTIFICATION_SORT_FIELDS } from '@portal/contract';
import { defineList } from '../../../shared/list/list-state.ts';

export type TNotificationSortField = (typeof NOTIFICATION_SORT_FIELDS)[number];

/** The admins' screen: `?page=2&sort=notificationTitle:asc&q=maintenance`, newest first by default. */
export const notificationManageList = defineList({
  sortFields: NOTIFICATION_SORT_FIELDS,
  defaultSort: { field: 'createdOn', dir: 'desc' },
  filters: {},
});

/** The inbox: newest first, `?unread=true` for the unread ones only. */
export const notificationInboxList = defineList({
  sortFields: NOTIFICATION_SORT_FIELDS,
  defaultSort: { field: 'createdOn', dir: 'desc' },
  filters: { unreadOnly: { kind: 'boolean', param: 'unread' } },
});
