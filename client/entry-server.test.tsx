// @vitest-environment node
import { CONVERSATION_CLOSED_HEADER } from '@common/http-headers';
import { msg } from '@common/messages';
import type { Message } from '@common/schemas/messages';
import type { FullUser } from '@common/schemas/users';
import type { ApiAnswer } from '@common/ssr';
import { describe, expect, it } from 'vitest';
import { renderApp } from './entry-server';

const FRIDA = { id: 'frida', firstName: 'Frida', lastName: 'Fri', role: 'user', membershipType: 'free' };
const PER = { id: 'per', firstName: 'Per', lastName: 'Prosson' };

const message: Message = {
  id: 1,
  senderId: FRIDA.id,
  receiverId: PER.id,
  content: 'Hej Per, ses vi på banan?',
  createdAt: '2026-06-12T08:00:00.000Z',
  readAt: null,
} as unknown as Message;

/** The API as the member's session answers it: the thread with Per is closed (a block). */
async function load(url: string): Promise<ApiAnswer | undefined> {
  if (url === `/api/messages/${PER.id}`)
    return { body: [message], headers: { [CONVERSATION_CLOSED_HEADER]: 'true' } };
  if (url === '/api/messages') return { body: [], headers: {} };
  if (url === `/api/users/${PER.id}`) return { body: PER, headers: {} };
  return undefined;
}

describe("the server's render of a member's page (issue 33)", () => {
  it('draws a closed thread closed, and hands the browser the thread as the page reads it', async () => {
    const errors: unknown[] = [];
    const rendered = await renderApp(`/messages/${PER.id}`, load, (e) => errors.push(e), FRIDA as FullUser);
    expect(errors).toEqual([]);
    const state = rendered.state as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const thread = state.queries.find(
      (q) => JSON.stringify(q.queryKey) === JSON.stringify(['/api/messages', PER.id]),
    );
    expect(thread?.state.data).toEqual({ messages: [message], closed: true });
    expect(rendered.html).toContain(message.content);
    expect(rendered.html).toContain(msg.conversationClosed);
    expect(rendered.html).not.toContain('Skriv ett meddelande…');
  });
});
