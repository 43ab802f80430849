import {
  ZNotificationDeleteRequest,
  ZNotificationFindRequest,
  ZNotificationInfos,
  ZNotificationPage,
  ZNotificationReadRequest,
  ZNotificationSaveRequest,
  ZUnreadCount,
  ZIdParams,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../plugins/routes.ts';

/** Notifications (spec 7): everyone reads theirs (the header's bell), admins write them. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const { notifications } = app.services;
  const route = routesOf(app);

  route.post(
    '/notification/find',
    {
      summary:
        'Notifications addressed to the caller, newest first, with the unread count (admins: manage for all)',
      permission: 'signed-in',
      body: ZNotificationFindRequest,
      response: ZNotificationPage,
    },
    ({ caller, body }) => notifications.find(caller, body),
  );

  route.get(
    '/notification/get/:id',
    { summary: 'One notification', permission: 'signed-in', params: ZIdParams, response: ZNotificationInfos },
    async ({ caller, params }) => ({ notificationInfos: [await notifications.get(caller, params.id)] }),
  );

  route.post(
    '/notification/read',
    {
      summary: 'Mark notifications read (listed ones, or all); answers the unread count',
      permission: 'signed-in',
      body: ZNotificationReadRequest,
      response: ZUnreadCount,
    },
    async ({ caller, body }) => ({
      unreadCount: await notifications.markRead(
        caller,
        body.notificationInfos?.map((item) => item.notificationId),
        body.all,
      ),
    }),
  );

  route.post(
    '/notification/save',
    {
      summary: 'Create or update notifications for everyone or one company tree',
      permission: 'adminmanagement.update',
      body: ZNotificationSaveRequest,
      response: ZNotificationInfos,
    },
    async ({ caller, body }) => ({
      notificationInfos: await notifications.save(caller, body.notificationInfos),
    }),
  );

  route.post(
    '/notification/delete',
    {
      summary: 'Delete notifications',
      permission: 'adminmanagement.delete',
      body: ZNotificationDeleteRequest,
      response: ZNotificationInfos,
    },
    async ({ caller, body }) => ({
      notificationInfos: await notifications.delete(
        caller,
        body.notificationInfos.map((item) => item.notificationId),
      ),
    }),
  );
}
