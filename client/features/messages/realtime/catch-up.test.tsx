import { theme } from '@client/app/theme';
import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import { createQueryClient } from '@client/lib/query-client';
import type { FullUser } from '@common/schemas/users';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupChat } from '../components/group-chat';
import { UnreadMessagesBadge } from '../components/unread-messages-badge';
import { FakeSocket } from './fake-socket.test-helper';
import { realtime } from './realtime-connection';

const me = { id: 'u1', role: 'user', isPro: true, firstName: 'Per' } as unknown as FullUser;
let asked: string[];

beforeEach(() => {
  FakeSocket.made = [];
  asked = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(new URL(url, 'http://localhost').pathname);
      return Promise.resolve(Response.json(url.includes('unread-count') ? { count: 0 } : []));
    }),
  );
});
afterEach(() => {
  cleanup();
  realtime.stop();
  vi.unstubAllGlobals();
});

/** Renders the parts, lets the socket start (after the page is interactive: a tap) and opens it. */
async function renderConnected(ui: React.ReactNode): Promise<FakeSocket> {
  const client = createQueryClient();
  client.setQueryData(CURRENT_USER_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </QueryClientProvider>,
  );
  window.dispatchEvent(new Event('pointerdown'));
  await waitFor(() => expect(FakeSocket.made).toHaveLength(1));
  const socket = FakeSocket.made[0];
  socket.open();
  return socket;
}

const count = (path: string) => asked.filter((p) => p === path).length;

describe('what was sent before the socket joined is read again (no push reached the page)', () => {
  it('the group chat, once the server says it watches it', async () => {
    const socket = await renderConnected(<GroupChat eventId={7} />);
    expect(await screen.findByText('Inga meddelanden än. Var den första att skriva!')).toBeTruthy();
    expect(socket.frames()).toContainEqual({ type: 'watch_event_chat', eventId: 7 });
    expect(count('/api/events/7/messages')).toBe(1);
    // Another event's chat being watched is not this one's answer.
    socket.push({ type: 'watching_event_chat', data: { eventId: 8 } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(count('/api/events/7/messages')).toBe(1);
    socket.push({ type: 'watching_event_chat', data: { eventId: 7 } });
    await waitFor(() => expect(count('/api/events/7/messages')).toBe(2));
  });

  it('the unread count, once the server has joined the member’s stream (and after every reconnect)', async () => {
    const socket = await renderConnected(<UnreadMessagesBadge />);
    await waitFor(() => expect(count('/api/messages/unread-count')).toBe(1));
    expect(socket.frames()).toContainEqual({ type: 'join_messages', userId: 'u1' });
    socket.push({ type: 'joined', data: { userId: 'u1' } });
    await waitFor(() => expect(count('/api/messages/unread-count')).toBe(2));
    socket.push({ type: 'joined', data: { userId: 'u1' } });
    await waitFor(() => expect(count('/api/messages/unread-count')).toBe(3));
  });
});
