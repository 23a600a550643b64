import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * A secret the server generates once and keeps in the database, so that every
 * instance and every restart uses the same one (IdP signing keys, cookie keys).
 */
export async function getOrCreateSecret<T>(database: Database, name: string, create: () => T): Promise<T> {
  const { db } = database;
  const read = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)))[0];
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insert(serverSecrets)
    .values({ name, value: create() as object })
    .onConflictDoNothing();
  // Another instance may have won the race: read back what is stored.
  return (await read())!.value as T;
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
