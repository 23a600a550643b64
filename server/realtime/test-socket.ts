import type { ServerRealtimeEvent } from '@common/schemas/messages';
import WebSocket from 'ws';

/** A real WebSocket client for tests: keeps what arrives and waits for what is expected. */
export interface TestSocket {
  ws: WebSocket;
  received: ServerRealtimeEvent[];
  /** Resolves with the first event (already received or arriving) that matches, or rejects after `ms`. */
  next(match: (e: ServerRealtimeEvent) => boolean, ms?: number): Promise<ServerRealtimeEvent>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close(): void;
}

/** Opens ws://…/ws with a session cookie; rejects with the HTTP status and body when the upgrade is refused. */
export function openSocket(
  url: string,
  opts: { cookie?: string | null; origin?: string; autoPong?: boolean } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  const ws = new WebSocket(url, { headers, origin: opts.origin, autoPong: opts.autoPong ?? true });
  const received: ServerRealtimeEvent[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(JSON.parse(String(data)));
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const socket: TestSocket = {
    ws,
    received,
    closed,
    close: () => ws.close(),
    next(match, ms = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(match);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching realtime event within ${ms} ms; got ${JSON.stringify(received)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    // The status, then the body (a refusal's JSON {message}).
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => reject(new Error(`upgrade refused: ${res.statusCode} ${body}`)));
      res.on('error', () => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    ws.once('error', reject);
  });
}

/** Opens a socket and joins the member's message stream. */
export async function joinedSocket(url: string, cookie: string | null, userId: string): Promise<TestSocket> {
  const s = await openSocket(url, { cookie });
  s.ws.send(JSON.stringify({ type: 'join_messages', userId }));
  await s.next((e) => e.type === 'joined');
  return s;
}

/** Waits a little so that anything in flight would have arrived. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
