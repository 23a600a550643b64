import type { ServerRealtimeEvent } from '@common/schemas/messages';
import type { WebSocket } from 'ws';

const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Peer {
  userId: string;
  joined: boolean;
  alive: boolean;
}

/** The sockets this instance holds, by member; delivery, heartbeats and shutdown. */
export class RealtimeHub {
  private readonly peers = new Map<WebSocket, Peer>();
  private readonly byUser = new Map<string, Set<WebSocket>>();

  /** Number of open sockets on this instance. */
  get size(): number {
    return this.peers.size;
  }

  /** Tracks a socket authenticated as `userId`; it receives nothing until it has joined. */
  add(socket: WebSocket, userId: string): void {
    this.peers.set(socket, { userId, joined: false, alive: true });
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

  private remove(socket: WebSocket): void {
    const peer = this.peers.get(socket);
    if (!peer) return;
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

  /** Sends an event to every joined socket of the given members on this instance. */
  deliver(userIds: Iterable<string>, event: ServerRealtimeEvent): number {
    const data = JSON.stringify(event);
    let sent = 0;
    for (const id of new Set(userIds)) {
      for (const socket of this.byUser.get(id) ?? []) {
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
