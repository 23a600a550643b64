import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { findSecretValue, insertSecretIfMissing } from './secrets.queries';

/**
 * A secret the server generates once and keeps in the database, so that every
 * instance and every restart uses the same one (IdP signing keys, cookie keys).
 */
export async function getOrCreateSecret<T>(database: Database, name: string, create: () => T): Promise<T> {
  const { db } = database;
  const existing = await findSecretValue(db, name);
  if (existing !== undefined) return existing as T;
  await insertSecretIfMissing(db, name, create() as object);
  // Another instance may have won the race: read back what is stored.
  return (await findSecretValue(db, name)) as T;
}

/** A random string secret of the given byte length (base64url). */
export const randomSecret =
  (bytes = 32) =>
  () =>
    randomBytes(bytes).toString('base64url');

/** An RS256 signing key as a private JWK with a key id. */
export function newSigningJwk() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  };
}
