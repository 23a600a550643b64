import type { PushPayload } from '@common/schemas/notifications';

/** Sends web push (VAPID) to a member's subscribed browsers; `app.push`, set up in push.routes.ts. */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  readonly publicKey: string;
  /**
   * Sends the payload to every subscription of the member; a push service answering 404 or 410 removes
   * that subscription. Answers how many were delivered and removed. Never throws for one bad endpoint.
   */
  sendToUser(userId: string, payload: PushPayload): Promise<{ delivered: number; removed: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}
