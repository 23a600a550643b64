import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from '../limits';
import { NOTIFICATION_TYPES, type NotificationType } from '../notification-types';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** One notice in the bell and on /notifications. */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  title: z.string(),
  body: z.string(),
  /** A path in the site, e.g. `/events/12`. */
  url: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /**
   * False once the state it told of has ended (left the reservlista, an offer answered or past); absent
   * means current (notices sent live, some built in SQL, are news).
   */
  current: z.literal(false).optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first, paged; `unread` counts all of the member's unread ones. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
});

/** POST /api/notifications/read: `{ ids }` marks those, `{}` marks all. */
export const markNotificationsReadSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(200).optional(),
});

const channelChoiceSchema = z.strictObject({ email: z.boolean(), push: z.boolean() });

/** GET/PUT /api/notification-preferences: every type with both channels; unknown keys are refused. */
export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channelChoiceSchema])) as Record<
    NotificationType,
    typeof channelChoiceSchema
  >,
);

/** POST /api/push/subscriptions: what the browser's PushSubscription.toJSON() gives. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(1000),
  keys: z.object({
    p256dh: z.string().min(80).max(200),
    auth: z.string().min(16).max(100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(1000) });

/** What the service worker gets in a push message. */
export const pushPayloadSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const calendarFeedSchema = z.object({ url: z.string() });
