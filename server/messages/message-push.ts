import type { FastifyInstance } from 'fastify';
import { publishToUsers } from '../realtime/realtime.publish';
import { presentMessage } from './messages.presenter';
import type { MessageWithSender } from './messages.queries';
import { messageRecipients } from './messages.service';

/** Pushes a committed message to its recipients' sockets on every instance; never fails the request. */
export async function pushMessage(app: FastifyInstance, m: MessageWithSender): Promise<void> {
  try {
    const to = await messageRecipients(app.db, m);
    await publishToUsers(app.database, to, {
      type: 'new_message',
      data: { message: presentMessage(m, m.sender) },
    });
  } catch (err) {
    app.log.warn({ err, messageId: m.id }, 'realtime push failed');
  }
}
