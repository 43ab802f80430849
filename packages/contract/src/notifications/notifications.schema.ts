import { z } from 'zod';
import { ZId } from '../common/envelope.ts';

export const ZNotification = z.object({
  notificationId: ZId,
  notificationTitle: z.string(),
  notificationDescription: z.string().nullable(),
  notificationUrl: z.string().nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;
