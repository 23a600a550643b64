import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TYPES, type NotificationType } from '@common/notification-types';
import { getOrCreateSecret, randomSecret } from '../auth/secrets';
import type { Database } from '../db/client';

/** The server secret that signs unsubscribe links (generated once, kept in `server_secrets`). */
export const UNSUBSCRIBE_SECRET = 'unsubscribe_key';

/** Loads (or creates) the key of the unsubscribe links. */
export function unsubscribeKey(database: Database): Promise<string> {
  return getOrCreateSecret(database, UNSUBSCRIBE_SECRET, randomSecret(32));
}

function mac(key: string, userId: string, type: NotificationType): Buffer {
  return createHmac('sha256', key).update(`unsubscribe\0${userId}\0${type}`).digest().subarray(0, 12);
}

/**
 * A stateless unsubscribe token for one member and type: `base64url(userId).{type index}.base64url(hmac)`
 * (short: Fastify allows 100 characters per path parameter). It never expires (an old e-mail's link
 * keeps working), and without the key nobody can make one for another member or type.
 */
export function unsubscribeToken(key: string, userId: string, type: NotificationType): string {
  const subject = Buffer.from(userId).toString('base64url');
  return `${subject}.${NOTIFICATION_TYPES.indexOf(type)}.${mac(key, userId, type).toString('base64url')}`;
}

/** The member and type a token stands for, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(
  key: string,
  token: string,
): { userId: string; type: NotificationType } | null {
  if (token.length > 300) return null;
  const [subject, index, signature, ...rest] = token.split('.');
  if (!subject || !index || !signature || rest.length > 0 || !/^\d{1,2}$/.test(index)) return null;
  const userId = Buffer.from(subject, 'base64url').toString('utf8');
  const type = NOTIFICATION_TYPES[Number(index)];
  if (!userId || !type) return null;
  const expected = mac(key, userId, type);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, type };
}

/** The absolute unsubscribe URL (List-Unsubscribe and the e-mail's footer). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/unsubscribe/${token}`;
}
