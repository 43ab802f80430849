import type { RouteObject } from 'react-router-dom';

/** #/notifications (admins write them) and #/notifications/inbox (everyone reads theirs). */
export const notificationsRoutes: RouteObject[] = [
  {
    path: 'notifications',
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('./components/notification-list.tsx')).NotificationList,
        }),
      },
      {
        path: 'inbox',
        lazy: async () => ({
          Component: (await import('./components/notification-inbox.tsx')).NotificationInbox,
        }),
      },
    ],
  },
];
