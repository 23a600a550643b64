import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.test-helper';
import { RealtimeConnection } from './realtime-connection';

describe('RealtimeConnection', () => {
  let sockets: FakeSocket[];
  let conn: RealtimeConnection;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    sockets = [];
    conn = new RealtimeConnection(
      () => 'ws://localhost/ws',
      (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s as unknown as WebSocket;
      },
    );
  });
  afterEach(() => {
    conn.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('joins its own message stream on open and passes pushed events on', () => {
    const seen: unknown[] = [];
    conn.subscribe((e) => seen.push(e));
    conn.start('u1');
    sockets[0].open();
    expect(conn.status).toBe('connected');
    expect(JSON.parse(sockets[0].sent[0])).toEqual({ type: 'join_messages', userId: 'u1' });
    sockets[0].onmessage?.({ data: JSON.stringify({ type: 'messages_read', data: { userId: 'u2' } }) });
    expect(seen).toEqual([{ type: 'messages_read', data: { userId: 'u2' } }]);
  });

  it('reconnects at most 3 times, after 2000, 3000 and 4500 ms', () => {
    conn.start('u1');
    sockets[0].drop();
    expect(conn.status).toBe('disconnected');
    for (const [i, delay] of [2000, 3000, 4500].entries()) {
      vi.advanceTimersByTime(delay - 1);
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(i + 2);
      sockets[i + 1].drop();
    }
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(4);
  });

  it('starts counting again after a successful connect', () => {
    conn.start('u1');
    sockets[0].drop();
    vi.advanceTimersByTime(2000);
    sockets[1].drop();
    vi.advanceTimersByTime(3000);
    sockets[2].open();
    sockets[2].drop();
    // Back to the first delay.
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(4);
  });

  it('watches open event group chats: after joining, again after a reconnect, and stops at the last close', () => {
    const sent = (i: number) => sockets[i].sent.map((d) => JSON.parse(d));
    const stopA = conn.watchEventChat(7);
    const stopB = conn.watchEventChat(7);
    conn.start('u1');
    sockets[0].open();
    expect(sent(0)).toEqual([
      { type: 'join_messages', userId: 'u1' },
      { type: 'watch_event_chat', eventId: 7 },
    ]);
    const stopOther = conn.watchEventChat(9);
    expect(sent(0).at(-1)).toEqual({ type: 'watch_event_chat', eventId: 9 });
    stopOther();
    expect(sent(0).at(-1)).toEqual({ type: 'unwatch_event_chat', eventId: 9 });

    sockets[0].drop();
    vi.advanceTimersByTime(2000);
    sockets[1].open();
    expect(sent(1)).toEqual([
      { type: 'join_messages', userId: 'u1' },
      { type: 'watch_event_chat', eventId: 7 },
    ]);
    // Two components show event 7: it is unwatched only when both have closed it (once).
    stopA();
    stopA();
    expect(sent(1)).toHaveLength(2);
    stopB();
    expect(sent(1).at(-1)).toEqual({ type: 'unwatch_event_chat', eventId: 7 });
  });

  it('watches open leaderboards: after joining, again after a reconnect, and stops at the last close', () => {
    const sent = (i: number) => sockets[i].sent.map((d) => JSON.parse(d));
    const stopA = conn.watchLeaderboard(5);
    const stopB = conn.watchLeaderboard(5);
    conn.start('u1');
    sockets[0].open();
    expect(sent(0)).toEqual([
      { type: 'join_messages', userId: 'u1' },
      { type: 'watch_leaderboard', eventId: 5 },
    ]);
    sockets[0].drop();
    vi.advanceTimersByTime(2000);
    sockets[1].open();
    expect(sent(1).at(-1)).toEqual({ type: 'watch_leaderboard', eventId: 5 });
    stopA();
    stopA();
    expect(sent(1)).toHaveLength(2);
    stopB();
    expect(sent(1).at(-1)).toEqual({ type: 'unwatch_leaderboard', eventId: 5 });
  });

  it('drops (and warns about) a send while not connected', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    conn.start('u1');
    expect(conn.send({ type: 'join_messages', userId: 'u1' })).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(sockets[0].sent).toEqual([]);
  });
});
