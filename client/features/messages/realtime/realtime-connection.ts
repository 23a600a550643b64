import { mayReconnect, reconnectDelay } from '@common/rules/reconnect';
import type { ClientRealtimeMessage, ServerRealtimeEvent } from '@common/schemas/messages';

export type RealtimeStatus = 'connected' | 'disconnected';
type Listener = (event: ServerRealtimeEvent) => void;

/** ws:// or wss:// to /ws on this site (spec §7 'Realtime'). */
export function realtimeUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

/**
 * One WebSocket per tab, shared by every component that listens. On open it joins the member's
 * message stream and watches the event group chats that are open; when it drops it reconnects at most
 * 3 times, waiting 2000 ms × 1.5^attempt (at most 15,000 ms); a successful connect resets the counter.
 */
export class RealtimeConnection {
  private ws: WebSocket | null = null;
  private userId: string | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<() => void>();
  /** Open event group chats: event id → how many components show it. */
  private readonly watched = new Map<number, number>();
  /** Open leaderboards (issue 29): event id → how many components show it. */
  private readonly watchedBoards = new Map<number, number>();
  status: RealtimeStatus = 'disconnected';

  constructor(
    private readonly url: () => string = realtimeUrl,
    private readonly makeSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
  ) {}

  /** Connects as the member (again only if the member changed). */
  start(userId: string): void {
    if (this.userId === userId && (this.ws || this.timer)) return;
    this.stop();
    this.userId = userId;
    this.attempts = 0;
    this.open();
  }

  /** Closes the socket and stops reconnecting. */
  stop(): void {
    this.userId = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.setStatus('disconnected');
  }

  /** Tries again now (e.g. when the browser is back online), with a fresh counter. */
  retry(): void {
    if (!this.userId || this.status === 'connected') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.attempts = 0;
    this.open();
  }

  /** Sends when connected; otherwise warns and drops the message (spec §7). */
  send(data: unknown): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) {
      console.warn('Realtidsanslutningen är inte öppen; meddelandet skickades inte', data);
      return false;
    }
    this.ws.send(JSON.stringify(data));
    return true;
  }

  /**
   * Receives an event's group chat messages while it is open (also as an admin who takes no part);
   * sent again after every reconnect. Answers the function that stops watching.
   */
  watchEventChat(eventId: number): () => void {
    const n = this.watched.get(eventId) ?? 0;
    this.watched.set(eventId, n + 1);
    if (n === 0) this.sendIfOpen({ type: 'watch_event_chat', eventId });
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const left = (this.watched.get(eventId) ?? 1) - 1;
      if (left > 0) {
        this.watched.set(eventId, left);
        return;
      }
      this.watched.delete(eventId);
      this.sendIfOpen({ type: 'unwatch_event_chat', eventId });
    };
  }

  /**
   * Receives an event's leaderboard as scores arrive (issue 29) while a leaderboard is open; sent again
   * after every reconnect. Answers the function that stops watching.
   */
  watchLeaderboard(eventId: number): () => void {
    const n = this.watchedBoards.get(eventId) ?? 0;
    this.watchedBoards.set(eventId, n + 1);
    if (n === 0) this.sendIfOpen({ type: 'watch_leaderboard', eventId });
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const left = (this.watchedBoards.get(eventId) ?? 1) - 1;
      if (left > 0) {
        this.watchedBoards.set(eventId, left);
        return;
      }
      this.watchedBoards.delete(eventId);
      this.sendIfOpen({ type: 'unwatch_leaderboard', eventId });
    };
  }

  /** Sends when connected, silently otherwise (the next connect sends what is needed). */
  private sendIfOpen(data: ClientRealtimeMessage) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(data));
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const l of this.statusListeners) l();
  }

  private open() {
    const userId = this.userId;
    if (!userId) return;
    const ws = this.makeSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.setStatus('connected');
      this.send({ type: 'join_messages', userId });
      for (const eventId of this.watched.keys()) this.sendIfOpen({ type: 'watch_event_chat', eventId });
      for (const eventId of this.watchedBoards.keys())
        this.sendIfOpen({ type: 'watch_leaderboard', eventId });
    };
    ws.onmessage = (e) => {
      let event: ServerRealtimeEvent;
      try {
        event = JSON.parse(String(e.data));
      } catch {
        return;
      }
      for (const l of this.listeners) l(event);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.setStatus('disconnected');
      if (this.userId && mayReconnect(this.attempts)) {
        const delay = reconnectDelay(this.attempts);
        this.attempts++;
        this.timer = setTimeout(() => {
          this.timer = null;
          this.open();
        }, delay);
      }
    };
  }
}

/** The tab's connection. */
export const realtime = new RealtimeConnection();
