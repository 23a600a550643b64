import { msg } from '@common/messages';
import { clientRealtimeSchema, type ServerRealtimeEvent } from '@common/schemas/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { canJoinMessages } from '../messages/messages.policy';
import { presentMessage } from '../messages/messages.presenter';
import { findMessageWithSender } from '../messages/messages.queries';
import { messageRecipients } from '../messages/messages.service';
import { RealtimeHub } from './realtime.hub';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from './realtime.publish';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's sockets (tests run heartbeats by hand). */
    realtime: RealtimeHub;
  }
}

/** Ping interval: a socket that has not answered one ping by the next is dropped. */
export const HEARTBEAT_MS = 30_000;

const send = (socket: WebSocket, event: ServerRealtimeEvent) => socket.send(JSON.stringify(event));

/** Only logged-in members from this site may open the socket (no cross-site WebSocket hijacking). */
async function checkUpgrade(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (origin && origin !== own && origin !== new URL(app.config.publicUrl).origin) {
    return reply.status(403).send({ message: msg.originRefused });
  }
  if (!(await request.currentUser())) return reply.status(401).send({ message: msg.notLoggedIn });
}

/**
 * The WebSocket `/ws`: authenticated by the session cookie at the upgrade. A socket joins its own
 * member's stream with `join_messages`; events published by any instance (NOTIFY) reach it.
 */
async function realtimeRoutes(app: FastifyInstance) {
  const hub = new RealtimeHub();
  app.decorate('realtime', hub);

  async function onNotify(payload: string) {
    let envelope: RealtimeEnvelope;
    try {
      envelope = JSON.parse(payload);
    } catch {
      return;
    }
    if ('to' in envelope) {
      hub.deliver(envelope.to, envelope.event);
      return;
    }
    // Too large for NOTIFY: load the message and its recipients here.
    if (hub.size === 0) return;
    const message = await findMessageWithSender(app.db, envelope.id);
    if (!message) return;
    const to = await messageRecipients(app.db, message);
    if (hub.holdsAny(to)) {
      hub.deliver(to, { type: 'new_message', data: { message: presentMessage(message, message.sender) } });
    }
  }
  const unlisten = await app.database.listen(REALTIME_CHANNEL, (payload) => {
    onNotify(payload).catch((err) => app.log.warn({ err }, 'realtime delivery failed'));
  });

  const heartbeat = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await unlisten();
  });

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { tags: ['realtime'], summary: 'WebSocket: join_messages, then new_message pushes' },
      preHandler: (request, reply) => checkUpgrade(app, request, reply),
    },
    async (socket, request) => {
      const user = await request.currentUser();
      if (!user) {
        socket.close(4401, msg.notLoggedIn);
        return;
      }
      hub.add(socket, user.id);
      socket.on('message', (raw) => {
        let parsed: ReturnType<typeof clientRealtimeSchema.safeParse>;
        try {
          parsed = clientRealtimeSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        if (parsed.data.type === 'join_messages') {
          if (!canJoinMessages(user, parsed.data.userId)) {
            send(socket, { type: 'error', data: { message: msg.realtimeJoinRefused } });
            socket.close(4403, 'join refused');
            return;
          }
          hub.join(socket);
          send(socket, { type: 'joined', data: { userId: user.id } });
        }
      });
    },
  );
}

// Decorations (app.realtime) belong to the root app, as with fastify-plugin.
Object.assign(realtimeRoutes, { [Symbol.for('skip-override')]: true });

export { realtimeRoutes };
