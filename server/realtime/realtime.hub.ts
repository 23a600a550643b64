import type { ServerRealtimeEvent } from '@common/schemas/messages';
import type { WebSocket } from 'ws';
import type { LiveSession } from '../plugins/session-store.queries';

/** A socket may queue this many unsent bytes (a client that stopped reading); more closes it. */
export const WS_MAX_BUFFERED_BYTES = 1024 * 1024;
/** The largest frame a browser has reason to send (ours are under 100 bytes); larger closes the socket. */
export const WS_MAX_FRAME_BYTES = 4 * 1024;
/**
 * ws's own cap (the plugin's maxPayload, server/app.ts): a frame declaring more is refused by ws before
 * it is read, with 1009 'message too big'. Between WS_MAX_FRAME_BYTES and this, the hub closes with 1008.
 */
export const WS_MAX_PAYLOAD_BYTES = 2 * WS_MAX_FRAME_BYTES;
/** Frames per second a socket may send on average, and the burst it may send at once (token bucket). */
export const WS_FRAMES_PER_SECOND = 20;
export const WS_FRAME_BURST = 40;
/**
 * Sockets one member may hold on one server instance (tabs, devices). Counted per instance: each
 * instance holds its own sockets, and a member spread over several instances is held to this on each.
 */
export const MAX_SOCKETS_PER_USER = 10;
/** How many event group chats one socket watches at most (a tab shows one); the oldest makes room. */
export const MAX_WATCHED_CHATS = 10;

/** Close codes: a limit broken (RFC 6455 'policy violation'); the session ended or expired. */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_SESSION_ENDED = 4401;

// After a policy close the hub reads nothing more from the socket, and cuts it if the close handshake
// has not ended it by then.
const POLICY_CLOSE_GRACE_MS = 1000;

interface Peer {
  userId: string;
  /** The session the socket was opened with: it lives as long as that session. */
  sid: string;
  /** When that session expires (ms since the epoch), as last known; null when unknown. */
  expiresAt: number | null;
  joined: boolean;
  alive: boolean;
  /** Events whose group chat this socket has open (allowed when it started watching). */
  watching: Set<number>;
  /** Events whose leaderboard this socket has open (issue 29; allowed when it started watching). */
  leaderboards: Set<number>;
  /** Token bucket of incoming frames. */
  tokens: number;
  refilledAt: number;
}

/** Group chat sockets to reach besides the members' own streams: who watches which event. */
export interface ChatWatchers {
  eventId: number;
  /** Members allowed to read that chat now; other watchers get nothing. */
  readers: ReadonlySet<string>;
}

export interface RealtimeHubOptions {
  /** Which of these sessions still live (the periodic check); without it the check does nothing. */
  liveSessions?: (sids: string[]) => Promise<Map<string, LiveSession>>;
  /** Overrides WS_MAX_BUFFERED_BYTES (tests). */
  maxBufferedBytes?: number;
  /** Told the member's socket count here whenever it changes (presence, server/realtime/presence.ts). */
  onCount?: (userId: string, sockets: number) => void;
}

/**
 * The sockets this instance holds, by member and by session; delivery, per-socket limits, heartbeats,
 * closing the sockets of ended sessions, and shutdown. A socket the hub has let go (closed, over a
 * limit, session ended) is sent nothing more, whatever is still in flight for it.
 */
export class RealtimeHub {
  private readonly peers = new Map<WebSocket, Peer>();
  /** Every socket of a member, joined or not (the per-member cap). */
  private readonly byMember = new Map<string, Set<WebSocket>>();
  /** Joined sockets by member (delivery). */
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly byEvent = new Map<number, Set<WebSocket>>();
  private readonly byLeaderboard = new Map<number, Set<WebSocket>>();
  private readonly maxBufferedBytes: number;

  constructor(private readonly options: RealtimeHubOptions = {}) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? WS_MAX_BUFFERED_BYTES;
  }

  /** Number of open sockets on this instance. */
  get size(): number {
    return this.peers.size;
  }

  /** How many sockets the member holds here. */
  countFor(userId: string): number {
    return this.byMember.get(userId)?.size ?? 0;
  }

  /** Whether the hub still holds the socket (it has not been closed or let go). */
  holds(socket: WebSocket): boolean {
    return this.peers.has(socket);
  }

  /**
   * Tracks a socket opened by `userId` with session `sid`; it receives nothing until it has joined.
   * False (and not tracked) when the member already holds MAX_SOCKETS_PER_USER sockets here.
   */
  add(socket: WebSocket, who: { userId: string; sid: string; expiresAt: number | null }): boolean {
    if (this.countFor(who.userId) >= MAX_SOCKETS_PER_USER) return false;
    this.peers.set(socket, {
      userId: who.userId,
      sid: who.sid,
      expiresAt: who.expiresAt,
      joined: false,
      alive: true,
      watching: new Set(),
      leaderboards: new Set(),
      tokens: WS_FRAME_BURST,
      refilledAt: Date.now(),
    });
    addTo(this.byMember, who.userId, socket);
    addTo(this.bySession, who.sid, socket);
    socket.on('pong', () => {
      const peer = this.peers.get(socket);
      if (peer) peer.alive = true;
    });
    socket.on('close', () => this.remove(socket));
    this.options.onCount?.(who.userId, this.countFor(who.userId));
    return true;
  }

  /**
   * Whether to handle a frame of `bytes` from the socket: false for a socket the hub has let go, and
   * for a frame over the size or rate limit, which closes the socket (1008) and stops reading from it.
   * Costs a few arithmetic operations, so a flood is turned away before any parsing.
   */
  admit(socket: WebSocket, bytes: number): boolean {
    const peer = this.peers.get(socket);
    if (!peer) return false;
    if (bytes > WS_MAX_FRAME_BYTES) {
      this.closeForPolicy(socket, 'frame too large');
      return false;
    }
    const now = Date.now();
    peer.tokens = Math.min(
      WS_FRAME_BURST,
      peer.tokens + ((now - peer.refilledAt) * WS_FRAMES_PER_SECOND) / 1000,
    );
    peer.refilledAt = now;
    if (peer.tokens < 1) {
      this.closeForPolicy(socket, 'too many messages');
      return false;
    }
    peer.tokens -= 1;
    return true;
  }

  /** Marks a socket as joined to its member's message stream. */
  join(socket: WebSocket): void {
    const peer = this.peers.get(socket);
    if (!peer || peer.joined) return;
    peer.joined = true;
    addTo(this.byUser, peer.userId, socket);
  }

  /** Adds a socket to an event chat's watchers; false when the socket is gone. */
  watch(socket: WebSocket, eventId: number): boolean {
    const peer = this.peers.get(socket);
    if (!peer) return false;
    if (!peer.watching.has(eventId) && peer.watching.size >= MAX_WATCHED_CHATS) {
      const [oldest] = peer.watching;
      this.unwatch(socket, oldest);
    }
    peer.watching.add(eventId);
    addTo(this.byEvent, eventId, socket);
    return true;
  }

  /** Removes a socket from an event chat's watchers. */
  unwatch(socket: WebSocket, eventId: number): void {
    this.peers.get(socket)?.watching.delete(eventId);
    removeFrom(this.byEvent, eventId, socket);
  }

  /** The members with a socket here watching the event's group chat. */
  watcherIds(eventId: number): Set<string> {
    const ids = new Set<string>();
    for (const socket of this.byEvent.get(eventId) ?? []) {
      const peer = this.peers.get(socket);
      if (peer) ids.add(peer.userId);
    }
    return ids;
  }

  /** Adds a socket to an event leaderboard's watchers (the oldest of MAX_WATCHED_CHATS makes room). */
  watchLeaderboard(socket: WebSocket, eventId: number): boolean {
    const peer = this.peers.get(socket);
    if (!peer) return false;
    if (!peer.leaderboards.has(eventId) && peer.leaderboards.size >= MAX_WATCHED_CHATS) {
      const [oldest] = peer.leaderboards;
      this.unwatchLeaderboard(socket, oldest);
    }
    peer.leaderboards.add(eventId);
    addTo(this.byLeaderboard, eventId, socket);
    return true;
  }

  /** Removes a socket from an event leaderboard's watchers. */
  unwatchLeaderboard(socket: WebSocket, eventId: number): void {
    this.peers.get(socket)?.leaderboards.delete(eventId);
    removeFrom(this.byLeaderboard, eventId, socket);
  }

  /** How many sockets here watch the event's leaderboard. */
  leaderboardWatchers(eventId: number): number {
    return this.byLeaderboard.get(eventId)?.size ?? 0;
  }

  /** Sends an event to every socket here watching the event's leaderboard; answers how many got it. */
  deliverLeaderboard(eventId: number, event: ServerRealtimeEvent): number {
    const data = JSON.stringify(event);
    let sent = 0;
    for (const socket of [...(this.byLeaderboard.get(eventId) ?? [])]) if (this.send(socket, data)) sent++;
    return sent;
  }

  private remove(socket: WebSocket): void {
    const peer = this.peers.get(socket);
    if (!peer) return;
    for (const eventId of [...peer.watching]) this.unwatch(socket, eventId);
    for (const eventId of [...peer.leaderboards]) this.unwatchLeaderboard(socket, eventId);
    this.peers.delete(socket);
    removeFrom(this.byUser, peer.userId, socket);
    removeFrom(this.byMember, peer.userId, socket);
    removeFrom(this.bySession, peer.sid, socket);
    this.options.onCount?.(peer.userId, this.countFor(peer.userId));
  }

  /** The members with a joined socket here (whose notices of a large set this instance loads). */
  joinedMembers(): string[] {
    return [...this.byUser.keys()];
  }

  /** Whether any of the members has a joined socket here (saves loading what nobody here needs). */
  holdsAny(userIds: Iterable<string>): boolean {
    for (const id of userIds) if (this.byUser.has(id)) return true;
    return false;
  }

  /**
   * Sends one event to one socket the hub holds: false when it is gone, closing, its session has
   * expired, or its queue of unsent bytes is over the limit (then it is closed with 1008).
   */
  send(socket: WebSocket, event: ServerRealtimeEvent | string): boolean {
    const peer = this.peers.get(socket);
    if (!peer || socket.readyState !== socket.OPEN) return false;
    if (peer.expiresAt !== null && peer.expiresAt <= Date.now()) {
      this.closeSocket(socket, CLOSE_SESSION_ENDED, 'session expired');
      return false;
    }
    // A client that stopped reading is closed rather than buffered for without end.
    if (socket.bufferedAmount > this.maxBufferedBytes) {
      this.closeForPolicy(socket, 'not reading');
      return false;
    }
    socket.send(typeof event === 'string' ? event : JSON.stringify(event));
    return true;
  }

  /**
   * Sends an event to every joined socket of the given members on this instance and, with `chat`, to
   * the sockets watching that event's group chat whose member may read it. Each socket gets it once.
   */
  deliver(userIds: Iterable<string>, event: ServerRealtimeEvent, chat?: ChatWatchers): number {
    const data = JSON.stringify(event);
    const targets = new Set<WebSocket>();
    for (const id of userIds) for (const socket of this.byUser.get(id) ?? []) targets.add(socket);
    if (chat) {
      for (const socket of this.byEvent.get(chat.eventId) ?? []) {
        const peer = this.peers.get(socket);
        if (peer && chat.readers.has(peer.userId)) targets.add(socket);
      }
    }
    let sent = 0;
    for (const socket of targets) if (this.send(socket, data)) sent++;
    return sent;
  }

  /** Closes the sockets opened with any of these sessions (ended: logout, new password, …); answers how many. */
  closeSessions(sids: Iterable<string>): number {
    let closed = 0;
    for (const sid of sids) {
      for (const socket of [...(this.bySession.get(sid) ?? [])]) {
        this.closeSocket(socket, CLOSE_SESSION_ENDED, 'session ended');
        closed++;
      }
    }
    return closed;
  }

  /**
   * Asks the database, in one query, which of the sessions behind this instance's sockets still live,
   * and closes the sockets of the others (expired, or ended without an announcement reaching here);
   * refreshes the known expiry of the rest. Answers how many it closed.
   */
  async checkSessions(): Promise<number> {
    if (!this.options.liveSessions || this.bySession.size === 0) return 0;
    const asked = [...this.bySession.keys()];
    const live = await this.options.liveSessions(asked);
    const now = Date.now();
    let closed = 0;
    for (const sid of asked) {
      const session = live.get(sid);
      for (const socket of [...(this.bySession.get(sid) ?? [])]) {
        const peer = this.peers.get(socket);
        if (!peer) continue;
        if (!session || session.userId !== peer.userId || session.expiresAt <= now) {
          this.closeSocket(socket, CLOSE_SESSION_ENDED, 'session ended');
          closed++;
        } else {
          peer.expiresAt = session.expiresAt;
        }
      }
    }
    return closed;
  }

  /** One heartbeat round: drops sockets that did not answer the previous ping, pings the rest. */
  heartbeat(): void {
    for (const [socket, peer] of [...this.peers]) {
      if (!peer.alive) {
        socket.terminate();
        this.remove(socket);
        continue;
      }
      peer.alive = false;
      try {
        socket.ping();
      } catch {
        socket.terminate();
        this.remove(socket);
      }
    }
  }

  /** Lets go of a socket over the member's cap across instances (1008, as any other limit). */
  refuse(socket: WebSocket): void {
    if (this.peers.has(socket)) this.closeForPolicy(socket, 'too many sockets');
  }

  /** Closes every socket (server shutdown: 1001 'going away'). */
  closeAll(): void {
    for (const socket of [...this.peers.keys()]) this.closeSocket(socket, 1001, 'server shutting down');
  }

  /** Lets a socket go and closes it with a code; nothing more is sent to it. */
  private closeSocket(socket: WebSocket, code: number, reason: string): void {
    this.remove(socket);
    try {
      socket.close(code, reason);
    } catch {
      socket.terminate();
    }
  }

  /** Closes a socket over a limit (1008), reads nothing more from it, and cuts it after a grace period. */
  private closeForPolicy(socket: WebSocket, reason: string): void {
    this.closeSocket(socket, CLOSE_POLICY_VIOLATION, reason);
    socket.pause();
    setTimeout(() => socket.terminate(), POLICY_CLOSE_GRACE_MS).unref();
  }
}

function addTo<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(socket);
}

function removeFrom<K>(map: Map<K, Set<WebSocket>>, key: K, socket: WebSocket): void {
  const set = map.get(key);
  set?.delete(socket);
  if (set?.size === 0) map.delete(key);
}
