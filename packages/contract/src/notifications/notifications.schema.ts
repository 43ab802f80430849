import { z } from 'zod';
import { sortOf, ZFindQuery, ZId } from '../common/envelope.ts';
import { optionalText, text } from '../common/fields.ts';
import { MESSAGES } from '../common/messages.ts';

/** A notification as the API answers it, with whether the caller has read it. */
export const ZNotification = z.object({
  notificationId: ZId,
  notificationTitle: z.string(),
  notificationDescription: z.string().nullable(),
  notificationUrl: z.string().nullable(),
  /** The company tree it is for; null: everyone. */
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  /**
   * Login of the one user it is addressed to (a decision on their request), shown to admins who
   * manage notifications; null or absent: a company tree or everyone.
   */
  recipientLogin: z.string().nullable().optional(),
  createdOn: z.string(),
  lastUpdate: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/**
 * A link inside the portal (`/families/12`, `#/families/12`) or a web address (`https://…`): the
 * first opens in place, the second in a new tab.
 */
export const ZNotificationUrl = z
  .string()
  .trim()
  .max(500, MESSAGES.maxLength('notificationUrl', 500))
  .refine((v) => v === '' || /^(#?\/(?!\/)\S*|https?:\/\/\S+)$/i.test(v), {
    message: MESSAGES.notValid('notificationUrl'),
    params: { key: 'notValid', values: { name: 'notificationUrl' } },
  })
  .nullish();

/** The longest title a notification takes (the portal's own, telling of decisions, are cut to it). */
export const MAX_NOTIFICATION_TITLE_LENGTH = 200;

export const ZNotificationInput = z.object({
  notificationId: ZId.optional(),
  notificationTitle: text('notificationTitle', { min: 1, max: MAX_NOTIFICATION_TITLE_LENGTH }),
  notificationDescription: optionalText('notificationDescription', 4000),
  notificationUrl: ZNotificationUrl,
  companyId: ZId.nullish(),
});
export type TNotificationInput = z.infer<typeof ZNotificationInput>;

/** The fields a find may sort by. */
export const NOTIFICATION_SORT_FIELDS = ['createdOn', 'notificationTitle', 'lastUpdate'] as const;

export const ZNotificationFindRequest = ZFindQuery.extend({
  sort: sortOf(NOTIFICATION_SORT_FIELDS),
  ids: z.array(ZId).max(1000).optional(),
  companyIds: z.array(ZId).max(1000).optional(),
  unreadOnly: z.boolean().optional(),
  /** Admins: every notification (to manage them), not only those addressed to the admin. */
  manage: z.boolean().optional(),
});
export type TNotificationFindRequest = z.infer<typeof ZNotificationFindRequest>;

export const ZNotificationSaveRequest = z.object({
  notificationInfos: z.array(ZNotificationInput).min(1).max(100),
});
export const ZNotificationDeleteRequest = z.object({
  notificationInfos: z
    .array(z.object({ notificationId: ZId }))
    .min(1)
    .max(1000),
});
/** Marks notifications read: the ones listed, or every one addressed to the caller with `all`. */
export const ZNotificationReadRequest = z.object({
  notificationInfos: z
    .array(z.object({ notificationId: ZId }))
    .max(1000)
    .optional(),
  all: z.boolean().optional(),
});

export const ZNotificationInfos = z.object({ notificationInfos: z.array(ZNotification) });
export const ZNotificationPage = ZNotificationInfos.extend({
  totalCount: z.number().int().nonnegative(),
  unreadCount: z.number().int().nonnegative(),
});
export const ZUnreadCount = z.object({ unreadCount: z.number().int().nonnegative() });
