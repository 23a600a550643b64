import { msg } from '@common/messages';
import {
  type ClientRealtimeMessage,
  clientRealtimeSchema,
  type ServerRealtimeEvent,
} from '@common/schemas/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { UserRow } from '../auth/users.presenter';
import { ForbiddenError, NotFoundError } from '../errors';
import { canJoinMessages } from '../messages/messages.policy';
import { presentMessage } from '../messages/messages.presenter';
import { findMessageWithSender } from '../messages/messages.queries';
import { groupChatReaders, messageRecipients, requireGroupChat } from '../messages/messages.service';
import { presentNotification } from '../notifications/notifications.create';
import { listBatchNotifications } from '../notifications/notifications.queries';
import { parseEndedSessions, SESSIONS_ENDED_CHANNEL } from '../plugins/ended-sessions';
import { liveSessions } from '../plugins/session-store.queries';
import { LEADERBOARD_CHANNEL } from '../scoring/scoring.channel';
import { createPushLeaderboards, leaderboardOf } from '../scoring/scoring.round';
import { requireLeaderboardRound } from '../scoring/scoring.service';
import { createLeaderboardPusher } from './leaderboard-pushes';
import { PresenceWriter } from './presence';
import { CLOSE_POLICY_VIOLATION, MAX_SOCKETS_PER_USER, RealtimeHub } from './realtime.hub';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from './realtime.publish';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sockets (tests run heartbeats by hand). */
    realtime: RealtimeHub;
    /** This instance's presence rows (who has a socket open here). */
    presence: PresenceWriter;
  }
}

/**
 * Ping interval: a socket that has not answered one ping by the next is dropped. At each beat the
 * sessions behind the sockets are checked too (expired, or ended while an announcement was missed).
 */
export const HEARTBEAT_MS = 30_000;

/** The event whose group chat a pushed event is a new message of, or null. */
function groupChatOf(event: ServerRealtimeEvent): number | null {
  if (event.type !== 'new_message' || !event.data.message.isGroupMessage) return null;
  return event.data.message.eventId;
}

/**
 * Only logged-in members from this site may open the socket (no cross-site WebSocket hijacking), and
 * at most MAX_SOCKETS_PER_USER each (429): on this instance, and on PostgreSQL across every live
 * instance (their presence rows). Two upgrades at once may both pass here; the handler's admission
 * under a lock per member decides then (server/realtime/presence.queries.ts admitSocket).
 */
async function checkUpgrade(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (origin && origin !== own && origin !== new URL(app.config.publicUrl).origin) {
    return reply.status(403).send({ message: msg.originRefused });
  }
  const user = await request.currentUser();
  if (!user) return reply.status(401).send({ message: msg.notLoggedIn });
  let sockets = app.realtime.countFor(user.id);
  if (sockets < MAX_SOCKETS_PER_USER && app.database.kind === 'postgres') {
    sockets += await app.presence.elsewhere(user.id);
  }
  if (sockets >= MAX_SOCKETS_PER_USER) {
    return reply.status(429).send({ message: msg.realtimeTooManySockets });
  }
}

/**
 * The WebSocket `/ws`: authenticated by the session cookie at the upgrade. A socket joins its own
 * member's stream with `join_messages`; events published by any instance (NOTIFY) reach it.
 * Each socket lives as long as its session: ended sessions are announced on SESSIONS_ENDED_CHANNEL
 * (every instance closes their sockets at once), and the heartbeat checks the rest.
 * Per-socket limits (size, rate, unsent bytes) are the hub's: over one, the socket is closed with 1008.
 */
async function realtimeRoutes(app: FastifyInstance) {
  const presence = new PresenceWriter(app.db, (err) => app.log.warn({ err }, 'presence write failed'));
  const hub = new RealtimeHub({
    liveSessions: (sids) => liveSessions(app.db, sids),
    onCount: (userId, sockets) => presence.set(userId, sockets),
  });
  app.decorate('realtime', hub);
  app.decorate('presence', presence);
  // Open sockets on this instance, read at each scrape of /metrics.
  app.metrics.sources.websocketConnections = () => hub.size;
  const send = (socket: WebSocket, event: ServerRealtimeEvent) => hub.send(socket, event);
  const pushLeaderboard = createPushLeaderboards();
  const leaderboards = createLeaderboardPusher({
    hub,
    load: (eventId) => pushLeaderboard(app.db, eventId),
    onError: (err) => app.log.warn({ err }, 'leaderboard push failed'),
  });

  /**
   * Delivers to the members' joined sockets here and, for a group message, to the sockets watching
   * that chat whose member may read it (admins who take no part are checked now).
   */
  async function deliver(to: string[], event: ServerRealtimeEvent) {
    const eventId = groupChatOf(event);
    const watchers = eventId === null ? undefined : hub.watcherIds(eventId);
    if (eventId === null || !watchers?.size) {
      hub.deliver(to, event);
      return;
    }
    const readers = await groupChatReaders(app.db, to, watchers);
    hub.deliver(to, event, { eventId, readers });
  }

  async function onNotify(payload: string) {
    let envelope: RealtimeEnvelope;
    try {
      envelope = JSON.parse(payload);
    } catch {
      return;
    }
    if ('to' in envelope) {
      await deliver(envelope.to, envelope.event);
      return;
    }
    if (envelope.ref === 'notifications') {
      // A large set of notices: this instance loads those of its connected members, in one query.
      const members = hub.joinedMembers();
      if (members.length === 0) return;
      const rows = await listBatchNotifications(app.db, { ...envelope, userIds: members });
      for (const row of rows) {
        hub.deliver([row.userId], { type: 'notification', data: presentNotification(row) });
      }
      return;
    }
    // Too large for NOTIFY: load the message and its recipients here.
    if (hub.size === 0) return;
    const message = await findMessageWithSender(app.db, envelope.id);
    if (!message) return;
    const to = await messageRecipients(app.db, message);
    const watched =
      message.isGroupMessage && message.eventId !== null && hub.watcherIds(message.eventId).size > 0;
    if (hub.holdsAny(to) || watched) {
      await deliver(to, { type: 'new_message', data: { message: presentMessage(message, message.sender) } });
    }
  }

  /** One message from a browser (handled in order per socket; nothing once the hub has let it go). */
  async function onClientMessage(socket: WebSocket, user: UserRow, data: ClientRealtimeMessage) {
    if (!hub.holds(socket)) return;
    if (data.type === 'join_messages') {
      if (!canJoinMessages(user, data.userId)) {
        send(socket, { type: 'error', data: { message: msg.realtimeJoinRefused } });
        socket.close(4403, 'join refused');
        return;
      }
      hub.join(socket);
      send(socket, { type: 'joined', data: { userId: user.id } });
      return;
    }
    if (data.type === 'unwatch_event_chat') {
      hub.unwatch(socket, data.eventId);
      return;
    }
    if (data.type === 'unwatch_leaderboard') {
      hub.unwatchLeaderboard(socket, data.eventId);
      return;
    }
    if (data.type === 'watch_leaderboard') {
      // The same rule as GET /api/events/{id}/leaderboard; the current leaderboard is sent at once.
      try {
        const round = await requireLeaderboardRound(app.db, user, data.eventId);
        if (!hub.watchLeaderboard(socket, data.eventId)) return;
        send(socket, { type: 'leaderboard', data: { leaderboard: await leaderboardOf(app.db, round) } });
      } catch (err) {
        if (err instanceof ForbiddenError || err instanceof NotFoundError) {
          send(socket, { type: 'error', data: { message: err.message } });
          return;
        }
        throw err;
      }
      return;
    }
    // watch_event_chat: the same rule as reading the chat over HTTP; a refusal leaves the socket open.
    try {
      await requireGroupChat(app.db, user, data.eventId);
    } catch (err) {
      if (err instanceof ForbiddenError || err instanceof NotFoundError) {
        send(socket, { type: 'error', data: { message: err.message } });
        return;
      }
      throw err;
    }
    if (hub.watch(socket, data.eventId)) {
      send(socket, { type: 'watching_event_chat', data: { eventId: data.eventId } });
    }
  }

  const unlisten = await app.database.listen(REALTIME_CHANNEL, (payload) => {
    onNotify(payload).catch((err) => app.log.warn({ err }, 'realtime delivery failed'));
  });

  const unlistenLeaderboards = await app.database.listen(LEADERBOARD_CHANNEL, (payload) => {
    const eventId = Number(payload);
    if (Number.isSafeInteger(eventId)) leaderboards.changed(eventId);
  });

  const unlistenSessions = await app.database.listen(SESSIONS_ENDED_CHANNEL, (payload) => {
    hub.closeSessions(parseEndedSessions(payload));
  });

  const heartbeat = setInterval(() => {
    hub.heartbeat();
    presence.refresh();
    hub.checkSessions().catch((err) => app.log.warn({ err }, 'realtime session check failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    leaderboards.stop();
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await unlisten();
    await unlistenSessions();
    await unlistenLeaderboards();
    await presence.stop();
  });

  app.get(
    '/ws',
    {
      websocket: true,
      schema: {
        tags: ['realtime'],
        summary:
          'WebSocket: join_messages, then new_message pushes; watch_event_chat for an open group chat; watch_leaderboard for live scores',
      },
      preHandler: (request, reply) => checkUpgrade(app, request, reply),
    },
    async (socket, request) => {
      const user = await request.currentUser();
      if (!user) {
        socket.close(4401, msg.notLoggedIn);
        return;
      }
      const added = hub.add(socket, {
        userId: user.id,
        sid: request.session.sessionId,
        expiresAt: request.session.expires.getTime(),
      });
      if (!added) {
        // Another upgrade of the same member got in between the check and here.
        socket.close(CLOSE_POLICY_VIOLATION, 'too many sockets');
        return;
      }
      let queue = Promise.resolve();
      if (app.database.kind === 'postgres') {
        // The cap across instances, decided under a lock per member; frames wait for the answer.
        queue = presence
          .admit(user.id, () => hub.countFor(user.id), MAX_SOCKETS_PER_USER)
          .then(
            (admitted) => {
              if (!admitted) hub.refuse(socket);
            },
            (err) => app.log.warn({ err }, 'realtime admission failed'),
          );
      }
      socket.on('message', (raw, isBinary) => {
        // Size and rate first, before any parsing: a flood costs a few operations a frame, then nothing.
        if (!hub.admit(socket, frameBytes(raw)) || isBinary) return;
        let parsed: ReturnType<typeof clientRealtimeSchema.safeParse>;
        try {
          parsed = clientRealtimeSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const data = parsed.data;
        // In order, so that an unwatch never overtakes the watch before it.
        queue = queue
          .then(() => onClientMessage(socket, user, data))
          .catch((err) => app.log.warn({ err }, 'realtime message failed'));
      });
    },
  );
}

function frameBytes(raw: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(raw)) return raw.reduce((n, b) => n + b.length, 0);
  return raw.byteLength;
}

// Decorations (app.realtime) belong to the root app, as with fastify-plugin.
Object.assign(realtimeRoutes, { [Symbol.for('skip-override')]: true });

export { realtimeRoutes };
