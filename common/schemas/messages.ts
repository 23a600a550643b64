import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../limits';
import { msg } from '../messages';
import type { Notification } from './notifications';
import type { Leaderboard } from './scoring';
import { publicUserSchema } from './users';

/** Message text: trimmed, not blank, at most 5,000 characters; stored and shown as plain text. */
export const messageContentSchema = z
  .string({ error: msg.messageBlank })
  .trim()
  .min(1, { error: msg.messageBlank })
  .max(MESSAGE_MAX_LENGTH, { error: msg.messageTooLong });

/** The sender as shown next to a message (no private fields). */
export const messageSenderSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  username: z.string().nullable(),
  profileImageId: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type MessageSender = z.infer<typeof messageSenderSchema>;

/** A direct message (receiverId set) or an event group message (eventId set). */
export const messageSchema = z.object({
  id: z.number().int(),
  senderId: z.string(),
  receiverId: z.string().nullable(),
  eventId: z.number().int().nullable(),
  content: z.string(),
  read: z.boolean(),
  sentAt: z.string(),
  isGroupMessage: z.boolean(),
  sender: messageSenderSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** GET /api/messages: one conversation partner, the latest message and the unread count. */
export const conversationSchema = z.object({
  user: publicUserSchema,
  /** The latest message of the conversation (the thread endpoint pages through the rest). */
  messages: z.array(messageSchema),
  unreadCount: z.number().int(),
  lastMessageAt: z.string(),
  /**
   * The caller can no longer write here (a block either way, or the partner's 'Vem får skriva till mig'):
   * the thread stays readable, the client shows 'Konversationen är stängd' instead of the input.
   */
  closed: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /api/messages */
export const sendMessageSchema = z.object({
  receiverId: z
    .string({ error: msg.messageRecipientRequired })
    .trim()
    .min(1, { error: msg.messageRecipientRequired })
    .max(100, { error: msg.messageRecipientRequired }),
  content: messageContentSchema,
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** GET /api/messages/{userId}: the newest `limit` messages before `before` (a message id), oldest first. */
export const threadQuerySchema = z.object({
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type ThreadQuery = z.infer<typeof threadQuerySchema>;

/** POST /api/events/{id}/messages */
export const sendGroupMessageSchema = z.object({
  content: messageContentSchema,
  isGroupMessage: z.literal(true, { error: msg.messageEventMismatch }).optional(),
  eventId: z.coerce.number().int().positive({ error: msg.messageEventMismatch }).optional(),
});
export type SendGroupMessageInput = z.infer<typeof sendGroupMessageSchema>;

/** GET /api/messages/unread-count */
export const unreadCountSchema = z.object({ count: z.number().int() });

/** A notice about an event (waitlist promotion). */
export const eventNotificationSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  userId: z.string(),
  type: z.string(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type EventNotification = z.infer<typeof eventNotificationSchema>;

/**
 * What a browser sends on the WebSocket: join its member's own message stream, and watch (or stop
 * watching) an event's group chat while it is open, so that its new messages arrive live for everyone
 * allowed to read it, also admins who take no part in the event.
 */
export const clientRealtimeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join_messages'), userId: z.string() }),
  z.object({ type: z.literal('watch_event_chat'), eventId: z.number().int().positive() }),
  z.object({ type: z.literal('unwatch_event_chat'), eventId: z.number().int().positive() }),
  // Issue 29: a leaderboard page open on a golf day (participants; everyone once results are public).
  z.object({ type: z.literal('watch_leaderboard'), eventId: z.number().int().positive() }),
  z.object({ type: z.literal('unwatch_leaderboard'), eventId: z.number().int().positive() }),
]);
export type ClientRealtimeMessage = z.infer<typeof clientRealtimeSchema>;

/** What the server pushes on the WebSocket. */
export type ServerRealtimeEvent =
  | { type: 'joined'; data: { userId: string } }
  | { type: 'watching_event_chat'; data: { eventId: number } }
  | { type: 'new_message'; data: { message: Message } }
  | { type: 'messages_read'; data: { userId: string } }
  | { type: 'event_notification'; data: { notification: EventNotification } }
  | { type: 'notification'; data: Notification }
  | { type: 'leaderboard'; data: { leaderboard: Leaderboard } }
  | { type: 'error'; data: { message: string } };
