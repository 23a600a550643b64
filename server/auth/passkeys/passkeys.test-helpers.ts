// Shared by the passkey tests: a member of the built-in issuer, a passkey added through the API.
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';

import { idpAccounts, passkeys } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { BUILTIN_ISSUER_KEY } from '../builtin-account';
import { SoftAuthenticator } from './soft-authenticator.test-helper';

export const EVIL_ORIGIN = 'https://singelgolf.example.net';

/** A member of the built-in issuer: its account (verified unless told) and the linked site user. */
export async function builtInMember(t: TestContext, opts: { verified?: boolean } = {}) {
  const accountId = randomUUID();
  const email = `nyckel-${accountId.slice(0, 8)}@example.se`;
  const [account] = await t.db
    .insert(idpAccounts)
    .values({
      id: accountId,
      email,
      passwordHash: 'scrypt$unused',
      firstName: 'Nora',
      lastName: 'Nyckel',
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning();
  const user = await buildUser(t.db, {
    email,
    firstName: 'Nora',
    lastName: 'Nyckel',
    oidcIssuer: BUILTIN_ISSUER_KEY,
    oidcSubject: accountId,
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  const client = await t.as(user);
  return { account, user, client, authenticator: new SoftAuthenticator(TEST_ORIGIN) };
}

export type Member = Awaited<ReturnType<typeof builtInMember>>;

/** Adds a passkey through the site API, as the profile card does. */
export async function addPasskey(m: Member, name = 'Min telefon') {
  const options = await m.client.post('/api/me/passkeys/options');
  expect(options.statusCode).toBe(200);
  const response = m.authenticator.register(options.json());
  const res = await m.client.post('/api/me/passkeys', { name, response });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; createdAt: string; lastUsedAt: string | null };
}

/** Inserts a passkey row directly (for limits and other members' keys). */
export async function insertRow(t: TestContext, accountId: string, name = 'Gammal nyckel') {
  const [row] = await t.db
    .insert(passkeys)
    .values({ id: randomBytes(16).toString('base64url'), accountId, publicKey: randomBytes(77), name })
    .returning();
  return row;
}
