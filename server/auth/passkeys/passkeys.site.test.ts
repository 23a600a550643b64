import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outboundEmails, passkeys } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { passkeyMessages } from './passkeys.service';
import { addPasskey, builtInMember, EVIL_ORIGIN, insertRow } from './passkeys.test-helpers';

describe('passkeys: the member’s list on the site', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor on every route', async () => {
    const calls = [
      t.anon.get('/api/me/passkeys'),
      t.anon.post('/api/me/passkeys/options'),
      t.anon.post('/api/me/passkeys', { name: 'x', response: {} }),
      t.anon.patch('/api/me/passkeys/abc', { name: 'x' }),
      t.anon.delete('/api/me/passkeys/abc'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Du måste vara inloggad' });
    }
  });

  it('answers 404 to a member of an external issuer (no passkeys there)', async () => {
    const user = await buildUser(t.db, { oidcIssuer: 'https://login.example.com', oidcSubject: 'ext-1' });
    const c = await t.as(user);
    for (const res of [await c.get('/api/me/passkeys'), await c.post('/api/me/passkeys/options')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: passkeyMessages.externalIssuer });
    }
  });

  it('adds a passkey: verified against the session challenge, stored, listed and e-mailed', async () => {
    const m = await builtInMember(t);
    const list0 = await m.client.get('/api/me/passkeys');
    expect(list0.statusCode).toBe(200);
    expect(list0.headers['cache-control']).toBe('no-store');
    expect(list0.json()).toEqual([]);

    const optionsRes = await m.client.post('/api/me/passkeys/options');
    expect(optionsRes.headers['cache-control']).toBe('no-store');
    const options = optionsRes.json();
    expect(options.rp).toEqual({ name: 'Singelgolf', id: 'localhost' });
    expect(options.user.name).toBe(m.account.email);
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(m.account.id);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);

    const response = m.authenticator.register(options);
    const res = await m.client.post('/api/me/passkeys', { name: '  Min telefon  ', response });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: response.id,
      name: 'Min telefon',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(JSON.stringify(created)).not.toMatch(/publicKey|counter|account/);

    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, response.id));
    expect(row.accountId).toBe(m.account.id);
    expect(row.publicKey.length).toBeGreaterThan(60);
    expect(row.counter).toBe(0);
    expect(row.transports).toEqual(['internal']);

    const mails = await t.db
      .select()
      .from(outboundEmails)
      .where(
        and(eq(outboundEmails.recipient, m.account.email), eq(outboundEmails.template, 'passkey-added')),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('Min telefon');
    expect(mails[0].textBody).toContain(`${TEST_ORIGIN}/profile#sakerhet`);

    expect((await m.client.get('/api/me/passkeys')).json()).toEqual([created]);
    // The next options exclude it, so the same authenticator is not registered twice.
    const next = (await m.client.post('/api/me/passkeys/options')).json();
    expect(next.excludeCredentials).toEqual([
      { id: response.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('refuses a replayed challenge, a stale one and no challenge at all', async () => {
    const m = await builtInMember(t);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    const response = m.authenticator.register(options);
    expect((await m.client.post('/api/me/passkeys', { name: 'Första', response })).statusCode).toBe(201);

    // The same answer again: the challenge was used up.
    await t.db.delete(passkeys).where(eq(passkeys.id, response.id));
    const replay = await m.client.post('/api/me/passkeys', { name: 'Igen', response });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: passkeyMessages.registrationFailed });

    // An answer to an older challenge after a newer one was issued.
    const old = (await m.client.post('/api/me/passkeys/options')).json();
    await m.client.post('/api/me/passkeys/options');
    const stale = await m.client.post('/api/me/passkeys', {
      name: 'Gammal',
      response: m.authenticator.register(old),
    });
    expect(stale.statusCode).toBe(400);

    // Nothing pending (a fresh session of the same member).
    const other = await t.as(m.user);
    const none = await other.post('/api/me/passkeys', {
      name: 'Ingen',
      response: m.authenticator.register(old),
    });
    expect(none.statusCode).toBe(400);
    expect((await m.client.get('/api/me/passkeys')).json()).toEqual([]);
  });

  it('refuses an answer made on another origin, and the challenge is spent by the failure', async () => {
    const m = await builtInMember(t);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    const evil = m.authenticator.register(options, { origin: EVIL_ORIGIN });
    const res = await m.client.post('/api/me/passkeys', { name: 'Fel sida', response: evil });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: passkeyMessages.registrationFailed });
    // The failed attempt still used the challenge up: a correct answer to it is refused now.
    const late = await m.client.post('/api/me/passkeys', {
      name: 'Sen',
      response: m.authenticator.register(options),
    });
    expect(late.statusCode).toBe(400);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.accountId, m.account.id))).toEqual([]);
  });

  it('refuses a challenge issued to another member', async () => {
    const a = await builtInMember(t);
    const b = await builtInMember(t);
    const options = (await a.client.post('/api/me/passkeys/options')).json();
    await b.client.post('/api/me/passkeys/options');
    // B answers A's options in B's own session, which holds B's challenge.
    const res = await b.client.post('/api/me/passkeys', {
      name: 'Stulen',
      response: b.authenticator.register(options),
    });
    expect(res.statusCode).toBe(400);
  });

  it('never takes over another account’s credential id', async () => {
    const victim = await builtInMember(t);
    const theirs = await addPasskey(victim, 'Offrets nyckel');
    const attacker = await builtInMember(t);
    const options = (await attacker.client.post('/api/me/passkeys/options')).json();
    const forged = attacker.authenticator.register(options, {
      credentialId: Buffer.from(theirs.id, 'base64url'),
    });
    const res = await attacker.client.post('/api/me/passkeys', { name: 'Kapad', response: forged });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: passkeyMessages.duplicate });
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, theirs.id));
    expect(row.accountId).toBe(victim.account.id);
    expect(row.name).toBe('Offrets nyckel');
  });

  it('validates the name and the answer with Swedish messages', async () => {
    const m = await builtInMember(t);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    const response = m.authenticator.register(options);
    const empty = await m.client.post('/api/me/passkeys', { name: '   ', response });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Ange ett namn');
    const garbage = await m.client.post('/api/me/passkeys', { name: 'Ok', response: { id: 'x' } });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('Nyckelns svar är ogiltigt.');
  });

  it('keeps at most 10 passkeys per account', async () => {
    const m = await builtInMember(t);
    for (let i = 0; i < 9; i++) await insertRow(t, m.account.id, `Nyckel ${i}`);
    const options = (await m.client.post('/api/me/passkeys/options')).json();
    // A tenth arrives meanwhile (another tab): this answer would be the eleventh.
    await insertRow(t, m.account.id, 'Nyckel 9');
    const res = await m.client.post('/api/me/passkeys', {
      name: 'Elfte',
      response: m.authenticator.register(options),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: passkeyMessages.limit });
    const again = await m.client.post('/api/me/passkeys/options');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: passkeyMessages.limit });
    expect((await m.client.get('/api/me/passkeys')).json()).toHaveLength(10);
  });

  it('renames and removes one’s own passkeys only', async () => {
    const owner = await builtInMember(t);
    const key = await addPasskey(owner);
    const other = await builtInMember(t);
    const path = `/api/me/passkeys/${key.id}`;

    const tooLong = await owner.client.patch(path, { name: 'x'.repeat(61) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Namnet får vara högst 60 tecken');
    expect((await owner.client.patch(path, {})).json().message).toBe('Ange ett namn');

    const theirs = await other.client.patch(path, { name: 'Min nu' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: passkeyMessages.notFound });
    expect((await other.client.delete(path)).statusCode).toBe(404);
    expect((await other.client.get('/api/me/passkeys')).json()).toEqual([]);

    const renamed = await owner.client.patch(path, { name: ' Jobbdatorn ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: key.id, name: 'Jobbdatorn' });

    const removed = await owner.client.delete(path);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await owner.client.delete(path)).statusCode).toBe(404);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.id, key.id))).toEqual([]);
  });
});

/** A tiny browser: keeps cookies, follows redirects, sends forms and JSON like the issuer's page. */
