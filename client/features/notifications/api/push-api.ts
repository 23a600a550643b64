import { apiJson, apiRequest } from '@client/lib/api';
import type { PushSubscriptionBody } from '@common/schemas/notifications';
import { z } from 'zod';

/** GET /api/push/public-key: the server's VAPID public key (base64url). */
export async function fetchPushPublicKey(): Promise<string> {
  const { publicKey } = await apiJson(
    'GET',
    '/api/push/public-key',
    undefined,
    // Made here, in development only: a schema at the module's top would bring zod to the profile page.
    import.meta.env.DEV ? z.object({ publicKey: z.string() }) : undefined,
  );
  return publicKey;
}

/** POST /api/push/subscriptions: this device's subscription. */
export async function savePushSubscription(body: PushSubscriptionBody): Promise<void> {
  await apiRequest('POST', '/api/push/subscriptions', body);
}

/** DELETE /api/push/subscriptions: forget this device's subscription. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
}
