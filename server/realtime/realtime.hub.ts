import type { ServerRealtimeEvent } from '@common/schemas/messages';
import type { WebSocket } from 'ws';

const MAX_BUFFERED_BYTES = 1024 * 1024;

/** How many event group chats one socket watches at most (a tab shows one); the oldest makes room. */
export const MAX_WATCHED_CHATS = 10;

interface Peer {
  userId: string;
  joined: boolean;
  alive: boolean;
  /** Events whose group chat this socket has open (allowed when it started watching). */
  watching: Set<number>;
}

/** Group chat sockets to reach besides the members' own streams: who watches which event. */
export interface ChatWatchers {
  eventId: number;
  /** Members allowed to read that chat now; other watchers get nothing. */
  readers: ReadonlySet<string>;
}

/** The sockets this instance holds, by member; delivery, heartbeats and shutdown. */
export class RealtimeHub {
  private readonly peers = new Map<WebSocket, Peer>();
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly byEvent = new Map<number, Set<WebSocket>>();

  /** Number of open sockets on this instance. */
  get size(): number {
    return this.peers.size;
  }

  /** Tracks a socket authenticated as `userId`; it receives nothing until it has joined. */
  add(socket: WebSocket, userId: string): void {
    this.peers.set(socket, { userId, joined: false, alive: true, watching: new Set() });
    socket.on('pong', () => {
      const peer = this.peers.get(socket);
      if (peer) peer.alive = true;
    });
    socket.on('close', () => this.remove(socket));
  }

  /** Marks a socket as joined to its member's message stream. */
  join(socket: WebSocket): void {
    const peer = this.peers.get(socket);
    if (!peer || peer.joined) return;
    peer.joined = true;
    let set = this.byUser.get(peer.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(peer.userId, set);
    }
    set.add(socket);
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
    let set = this.byEvent.get(eventId);
    if (!set) {
      set = new Set();
      this.byEvent.set(eventId, set);
    }
    set.add(socket);
    return true;
  }

  /** Removes a socket from an event chat's watchers. */
  unwatch(socket: WebSocket, eventId: number): void {
    this.peers.get(socket)?.watching.delete(eventId);
    const set = this.byEvent.get(eventId);
    set?.delete(socket);
    if (set?.size === 0) this.byEvent.delete(eventId);
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

  private remove(socket: WebSocket): void {
    const peer = this.peers.get(socket);
    if (!peer) return;
    for (const eventId of [...peer.watching]) this.unwatch(socket, eventId);
    this.peers.delete(socket);
    const set = this.byUser.get(peer.userId);
    set?.delete(socket);
    if (set?.size === 0) this.byUser.delete(peer.userId);
  }

  /** Whether any of the members has a joined socket here (saves loading what nobody here needs). */
  holdsAny(userIds: Iterable<string>): boolean {
    for (const id of userIds) if (this.byUser.has(id)) return true;
    return false;
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
    for (const socket of targets) {
      if (socket.readyState !== socket.OPEN) continue;
      // A client that stopped reading (over 1 MB queued) is dropped rather than buffered forever.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        socket.terminate();
        this.remove(socket);
        continue;
      }
      socket.send(data);
      sent++;
    }
    return sent;
  }

  /** One heartbeat round: drops sockets that did not answer the previous ping, pings the rest. */
  heartbeat(): void {
    for (const [socket, peer] of this.peers) {
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

  /** Closes every socket (server shutdown: 1001 'going away'). */
  closeAll(): void {
    for (const socket of [...this.peers.keys()]) {
      socket.close(1001, 'server shutting down');
      this.remove(socket);
    }
  }
}
