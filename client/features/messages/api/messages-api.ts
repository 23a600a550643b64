import { apiErrorStatus, apiJson, apiRequest, checkResponse, getQueryFn } from '@client/lib/api';
import { CONVERSATION_CLOSED_HEADER } from '@common/http-headers';
import { CHAT_REFRESH_MS } from '@common/limits';
import {
  type Conversation,
  conversationSchema,
  type Message,
  messageSchema,
  unreadCountSchema,
} from '@common/schemas/messages';
import { memberListItemSchema, type PublicUser } from '@common/schemas/users';
import type { ServerLoad } from '@common/ssr';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

// The shared schemas check answers in development only (lib/api.ts); the build drops them and zod with them,
// so the header's unread count (on every member page) loads no zod (issue 33).

/** GET /api/messages (the conversations); threads live under it: ['/api/messages', userId]. */
export const CONVERSATIONS_KEY = ['/api/messages'] as const;
/** GET /api/messages/unread-count (the header badge). */
export const UNREAD_COUNT_KEY = ['/api/messages/unread-count'] as const;
export const threadKey = (userId: string) => ['/api/messages', userId] as const;
export const groupChatKey = (eventId: number) => ['/api/events', String(eventId), 'messages'] as const;

/** The caller's conversations, newest first. */
export function useConversations(enabled = true) {
  return useQuery(
    queryOptions<Conversation[]>({
      queryKey: CONVERSATIONS_KEY,
      queryFn: getQueryFn({
        on401: 'throw',
        schema: import.meta.env.DEV ? z.array(conversationSchema) : undefined,
      }),
      enabled,
    }),
  );
}

/** Number of unread direct messages (header). */
export function useUnreadCount(enabled = true) {
  return useQuery(
    queryOptions<{ count: number }>({
      queryKey: UNREAD_COUNT_KEY,
      queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? unreadCountSchema : undefined }),
      enabled,
    }),
  );
}

/** Reloads the conversation list and the unread count (after a send, a read or a push). */
export function useRefreshConversations() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true }),
      qc.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
    ]);
}

/**
 * Reads again what pushes keep current (the conversations, an open thread, the unread count) once the socket
 * has joined the member's stream (the server's `joined`, also after a reconnect): a message sent between the
 * page's first read and the join was pushed to nobody. Each component that shows such a list calls it; a
 * read already under way is not started again.
 */
export function catchUpMessages(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: CONVERSATIONS_KEY }, { cancelRefetch: false }),
    qc.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }, { cancelRefetch: false }),
  ]);
}

/** A thread and whether it is closed (the caller can no longer write there: 'Konversationen är stängd'). */
export interface Thread {
  messages: Message[];
  closed: boolean;
}

const threadUrl = (userId: string) => `/api/messages/${encodeURIComponent(userId)}`;

/**
 * The thread as the server loads it for a member's rendered /messages/{id} (issue 33). Its key is an API
 * address, but the data is not the answer's body: without this the server stored the bare list of
 * messages where the page expects `{messages, closed}`, and a closed thread was drawn open and empty.
 */
const threadOnServer =
  (userId: string): ServerLoad =>
  async (load) => {
    const answer = await load(threadUrl(userId));
    if (!answer || !Array.isArray(answer.body)) return undefined;
    const thread: Thread = {
      messages: answer.body as Message[],
      closed: answer.headers[CONVERSATION_CLOSED_HEADER] === 'true',
    };
    return thread;
  };

/**
 * GET /api/messages/{userId}: the thread, oldest first, and whether it is closed (the
 * X-Conversation-Closed header). Opening it marks received messages read, so the list and the count
 * are reloaded. On failure the error is logged and an empty, open thread shown.
 */
export function useThread(userId: string | undefined) {
  const refresh = useRefreshConversations();
  return useQuery(
    queryOptions<Thread>({
      queryKey: threadKey(userId ?? ''),
      enabled: Boolean(userId),
      meta: { ssr: threadOnServer(userId ?? '') },
      queryFn: async () => {
        try {
          const url = threadUrl(userId ?? '');
          const res = await apiRequest('GET', url);
          const messages = checkResponse(
            url,
            await res.json(),
            import.meta.env.DEV ? z.array(messageSchema) : undefined,
          );
          void refresh();
          return { messages, closed: res.headers.get(CONVERSATION_CLOSED_HEADER) === 'true' };
        } catch (err) {
          console.error('Kunde inte hämta konversationen', err);
          return { messages: [], closed: false };
        }
      },
    }),
  );
}

/** GET /api/users/{id}: the partner of a conversation that has no messages yet. */
export function useMember(userId: string | undefined, enabled: boolean) {
  return useQuery(
    queryOptions<PublicUser>({
      queryKey: ['/api/users', userId ?? ''],
      queryFn: getQueryFn({ on401: 'throw', schema: import.meta.env.DEV ? memberListItemSchema : undefined }),
      enabled: enabled && Boolean(userId),
    }),
  );
}

/** POST /api/messages; then the conversations and the thread are reloaded. */
export function useSendMessage() {
  const qc = useQueryClient();
  const refresh = useRefreshConversations();
  return useMutation({
    mutationFn: (body: { receiverId: string; content: string }) =>
      apiJson<Message>('POST', '/api/messages', body, import.meta.env.DEV ? messageSchema : undefined),
    onSuccess: (_m, body) =>
      Promise.all([refresh(), qc.invalidateQueries({ queryKey: threadKey(body.receiverId) })]),
    onError: (err, body) => {
      console.error('Kunde inte skicka meddelandet', err);
      // Refused (a block, or the member's setting): the thread reloads and shows that it is closed.
      if (apiErrorStatus(err) === 403) void qc.invalidateQueries({ queryKey: threadKey(body.receiverId) });
    },
  });
}

/** GET /api/events/{id}/messages, refreshed every 5 seconds (spec §9). */
export function useGroupMessages(eventId: number) {
  return useQuery(
    queryOptions<Message[]>({
      queryKey: groupChatKey(eventId),
      queryFn: getQueryFn({
        on401: 'throw',
        schema: import.meta.env.DEV ? z.array(messageSchema) : undefined,
      }),
      refetchInterval: CHAT_REFRESH_MS,
    }),
  );
}

/** POST /api/events/{id}/messages; a failure is only logged (spec §8). */
export function useSendGroupMessage(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiJson<Message>(
        'POST',
        `/api/events/${eventId}/messages`,
        { content, isGroupMessage: true, eventId },
        import.meta.env.DEV ? messageSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: groupChatKey(eventId) }),
    onError: (err) => console.error('Kunde inte skicka gruppmeddelandet', err),
  });
}
