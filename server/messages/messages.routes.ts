import { CONVERSATION_CLOSED_HEADER } from '@common/http-headers';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import {
  conversationSchema,
  messageSchema,
  sendGroupMessageSchema,
  sendMessageSchema,
  threadQuerySchema,
  unreadCountSchema,
} from '@common/schemas/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { presentMessage } from './messages.presenter';
import { countUnread } from './messages.queries';
import {
  listConversations,
  readGroupChat,
  readThread,
  sendDirectMessage,
  sendGroupMessage,
} from './messages.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const userParams = z.object({ userId: z.string().min(1).max(100) });
// The events' own id rule (a positive int4): a larger number would reach PostgreSQL and fail there.
const eventParams = eventIdParamsSchema;

/**
 * Direct messages, event group chats and the unread count. New messages (and a thread read) are pushed
 * in real time by realtime's subscribers to `message.sent` and `conversation.read`, through the
 * sending transaction: the NOTIFY goes out at commit, before the answer, as the route's own push did
 * after the commit before (issue 31).
 */
export async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noticeOptions = { noticeDelaySeconds: app.config.NOTIFY_MESSAGE_DELAY_SECONDS };

  r.get(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "The caller's conversations, newest first: partner, latest message, unread count",
        response: { 200: z.array(conversationSchema), 401: errorSchema },
      },
    },
    async (request) => listConversations(app.db, await requireUser(request)),
  );

  r.get(
    '/api/messages/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary: 'Number of unread direct messages addressed to the caller (header badge)',
        response: { 200: unreadCountSchema, 401: errorSchema },
      },
    },
    async (request) => ({ count: await countUnread(app.db, (await requireUser(request)).id) }),
  );

  r.get(
    '/api/messages/:userId',
    {
      schema: {
        tags: ['messages'],
        summary: 'The thread with a member, oldest first (paged by `before`); marks received messages read',
        description: `\`${CONVERSATION_CLOSED_HEADER}: true\` when the caller can no longer write to the member (a block either way, or the member's 'Vem får skriva till mig'); the thread stays readable.`,
        params: userParams,
        querystring: threadQuerySchema,
        response: { 200: z.array(messageSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { messages, closed } = await readThread(app.db, user, request.params.userId, request.query);
      reply.header(CONVERSATION_CLOSED_HEADER, String(closed));
      return messages.map((m) => presentMessage(m, m.sender));
    },
  );

  r.post(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        summary:
          "Send a direct message (trimmed, 1-5,000 characters, not to oneself); 403 while a block separates the two or the receiver's 'Vem får skriva till mig' refuses the sender",
        body: sendMessageSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const message = await sendDirectMessage(app.db, user, request.body, noticeOptions);
      return reply.status(201).send(presentMessage(message, message.sender));
    },
  );

  r.get(
    '/api/events/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "An event's group chat, oldest first (registered or waitlisted members, and admins)",
        params: eventParams,
        response: { 200: z.array(messageSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const messages = await readGroupChat(app.db, user, request.params.id);
      return messages.map((m) => presentMessage(m, m.sender));
    },
  );

  r.post(
    '/api/events/:id/messages',
    {
      schema: {
        tags: ['messages'],
        summary: "Post to an event's group chat (registered or waitlisted members, and admins)",
        params: eventParams,
        body: sendGroupMessageSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const message = await sendGroupMessage(app.db, user, request.params.id, request.body, noticeOptions);
      return reply.status(201).send(presentMessage(message, message.sender));
    },
  );
}
