import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, idpAccounts, loginThrottle, outboundEmails, sessions, users } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { buildUser, profileFormPayload } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { upsertLoginUser } from './auth.service';

/** The built-in issuer: addresses count only once their owner proved them. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ ADMIN_EMAILS: 'boss@example.se,chef@example.se' });
});
afterAll(() => t.close());

const emailsTo = async (to: string) =>
  t.db.select().from(outboundEmails).where(sql`lower(${outboundEmails.recipient}) = ${to}`);

const me = async (b: ReturnType<typeof browser>) => b.request('GET', '/api/auth/user');

describe('sign-up with a confirmed address', () => {
  it('sends a link, refuses login until it is followed, then logs the member in', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    const sent = await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Greta',
      lastName: 'Golf',
      email: 'Greta@Example.se',
      password: 'birdie2024',
    });
    expect(sent.res.statusCode).toBe(200);
    expect(sent.res.body).toContain('<h1>Kolla din e-post</h1>');
    expect(sent.res.body).toContain('Skicka länken igen');
    expect((await me(b)).statusCode).toBe(401);

    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'greta@example.se'));
    expect(account.emailVerifiedAt).toBeNull();
    const mail = await lastEmail(t.db, 'greta@example.se', 'verify-email');
    expect(mail.subject).toBe('Bekräfta din e-postadress');
    const link = linkIn(mail.textBody, '/idp/verify/');
    expect(link.startsWith(`${TEST_ORIGIN}/idp/verify/`)).toBe(true);
    // Only the hash of the token is stored.
    const token = link.split('/').pop()!;
    const stored = await t.db.select().from(accountTokens).where(eq(accountTokens.accountId, account.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(24 * 3600_000);

    // Login before confirming: refused with the reason and a way to get a new link.
    const uid2 = await startLogin(b);
    const early = await b.go('POST', `/idp/interaction/${uid2}/login`, {
      email: 'greta@example.se',
      password: 'birdie2024',
    });
    expect(early.res.statusCode).toBe(403);
    expect(early.res.body).toContain('Du behöver bekräfta din e-postadress');
    expect(early.res.body).toContain('Skicka länken igen');

    // Opening the link only shows a button (a mail scanner that opens links confirms nothing).
    const page = await b.go('GET', link);
    expect(page.res.body).toContain('<h1>Bekräfta din e-postadress</h1>');
    expect(
      (await t.db.select().from(idpAccounts).where(eq(idpAccounts.id, account.id)))[0].emailVerifiedAt,
    ).toBeNull();

    const done = await b.go('POST', link);
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    const user = (await me(b)).json();
    expect(user).toMatchObject({
      email: 'greta@example.se',
      emailVerified: true,
      role: 'member',
      fullName: 'Greta Golf',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.oidcIssuer).toBe('builtin');
    expect(row.oidcSubject).toBe(account.id);

    // The link is single use.
    const again = await browser(t.app).go('POST', link);
    expect(again.res.statusCode).toBe(400);
    expect(again.res.body).toContain('Länken har redan använts');
  });

  it('answers a taken address exactly as a new one, and tells the owner instead', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Olle',
      lastName: 'Owner',
      email: 'olle@example.se',
      password: 'eagle2024x',
    });
    const signUp = async (email: string) => {
      const b = browser(t.app);
      const uid = await startLogin(b, 'signup');
      return b.go('POST', `/idp/interaction/${uid}/signup`, {
        acceptTerms: 'on',
        firstName: 'Ida',
        lastName: 'Intrång',
        email,
        password: 'albatross99',
      });
    };
    const taken = await signUp('olle@example.se');
    const fresh = await signUp('ny-person@example.se');
    expect(taken.res.statusCode).toBe(fresh.res.statusCode);
    expect(taken.res.headers['content-type']).toBe(fresh.res.headers['content-type']);
    expect(taken.res.body.replaceAll('olle@example.se', 'X')).toBe(
      fresh.res.body.replaceAll('ny-person@example.se', 'X'),
    );
    expect(taken.res.body).not.toContain('Det finns redan ett konto');

    const owner = await lastEmail(t.db, 'olle@example.se', 'signup-existing');
    expect(owner).toBeTruthy();
    expect(owner.textBody).toContain(`${TEST_ORIGIN}/idp/forgot`);
    // Nothing changed: the owner's password still works, the intruder's does not.
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'olle@example.se'));
    expect(account.firstName).toBe('Olle');
    const b = browser(t.app);
    const uid = await startLogin(b);
    const wrong = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'olle@example.se',
      password: 'albatross99',
    });
    expect(wrong.res.statusCode).toBe(401);
  });

  it('applies the name and password of the sign-up whose link is followed', async () => {
    const signUp = async (firstName: string, password: string) => {
      const b = browser(t.app);
      const uid = await startLogin(b, 'signup');
      await b.go('POST', `/idp/interaction/${uid}/signup`, {
        acceptTerms: 'on',
        firstName,
        lastName: 'X',
        email: 'twice@example.se',
        password,
      });
      return linkIn((await lastEmail(t.db, 'twice@example.se', 'verify-email')).textBody, '/idp/verify/');
    };
    const first = await signUp('Första', 'first12345');
    const second = await signUp('Andra', 'second12345');
    expect(first).not.toBe(second);
    const b = browser(t.app);
    await b.go('POST', second);
    expect((await me(b)).json().firstName).toBe('Andra');
    // The earlier link is retired with the confirmation.
    const late = await browser(t.app).go('POST', first);
    expect(late.res.body).toContain('Länken har redan använts');
    const login = browser(t.app);
    const uid = await startLogin(login);
    expect(
      (
        await login.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'twice@example.se',
          password: 'first12345',
        })
      ).res.statusCode,
    ).toBe(401);
    expect(
      (
        await login.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'twice@example.se',
          password: 'second12345',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
  });

  it('refuses an expired or unknown link and changes nothing', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Sen',
      lastName: 'Sven',
      email: 'late@example.se',
      password: 'bogey12345',
    });
    const link = linkIn((await lastEmail(t.db, 'late@example.se', 'verify-email')).textBody, '/idp/verify/');
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.email, 'late@example.se'));
    const expired = await b.go('POST', link);
    expect(expired.res.statusCode).toBe(400);
    expect(expired.res.body).toContain('Länken har gått ut');
    const unknown = await b.go('GET', `/idp/verify/${'x'.repeat(43)}`);
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.body).toContain('Länken är ogiltig');
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'late@example.se'));
    expect(account.emailVerifiedAt).toBeNull();

    // 'Skicka länken igen' sends a fresh one that works; the answer is the same for any address.
    const resent = await b.go('POST', '/idp/resend', { email: 'late@example.se' });
    const nobody = await b.go('POST', '/idp/resend', { email: 'nobody@example.se' });
    expect(resent.res.body.replaceAll('late@example.se', 'X')).toBe(
      nobody.res.body.replaceAll('nobody@example.se', 'X'),
    );
    expect(await emailsTo('nobody@example.se')).toHaveLength(0);
    const fresh = linkIn((await lastEmail(t.db, 'late@example.se', 'verify-email')).textBody, '/idp/verify/');
    expect(fresh).not.toBe(link);
    await b.go('POST', fresh);
    expect((await me(b)).json().emailVerified).toBe(true);
  });
});

describe('ADMIN_EMAILS and linking by address', () => {
  it('never makes an unconfirmed sign-up with an admin address an administrator', async () => {
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Fake',
      lastName: 'Boss',
      email: 'boss@example.se',
      password: 'takeover123',
    });
    const login = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'boss@example.se',
      password: 'takeover123',
    });
    expect(login.res.statusCode).toBe(403);
    expect((await me(b)).statusCode).toBe(401);
    expect(
      await t.db.select().from(users).where(sql`lower(${users.email}) = 'boss@example.se'`),
    ).toHaveLength(0);
  });

  it('makes a confirmed admin address admin, and links a seeded member once', async () => {
    const seeded = await buildUser(t.db, { email: 'chef@example.se', firstName: 'Bo', lastName: 'Ss' });
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Bo',
      lastName: 'Ss',
      email: 'chef@example.se',
      password: 'boss2024ok',
    });
    const user = (await me(b)).json();
    expect(user.id).toBe(seeded.id);
    expect(user.role).toBe('admin');
  });

  it('trusts an external issuer’s address only when it says email_verified', async () => {
    const seeded = await buildUser(t.db, { email: 'sara@example.se' });
    const unverified = await upsertLoginUser(
      t.db,
      { issuer: 'https://id.example', subject: 'ext-1', email: 'sara@example.se', emailVerified: false },
      ['sara@example.se'],
    );
    expect(unverified.id).not.toBe(seeded.id);
    expect(unverified.role).toBe('member');
    expect(unverified.email).toBeNull();

    const boss = await upsertLoginUser(
      t.db,
      { issuer: 'https://id.example', subject: 'ext-2', email: 'ext-boss@example.se', emailVerified: false },
      ['ext-boss@example.se'],
    );
    expect(boss.role).toBe('member');
    expect(boss.email).toBe('ext-boss@example.se');
    expect(boss.emailVerifiedAt).toBeNull();
    // The owner who proves the address later gets it; the unproven holder loses it.
    const owner = await upsertLoginUser(
      t.db,
      { issuer: 'https://other.example', subject: 'o-1', email: 'ext-boss@example.se', emailVerified: true },
      ['ext-boss@example.se'],
    );
    expect(owner.id).not.toBe(boss.id);
    expect(owner.email).toBe('ext-boss@example.se');
    expect(owner.role).toBe('admin');
    expect((await t.db.select().from(users).where(eq(users.id, boss.id)))[0].email).toBeNull();
  });

  it('never re-links a member who has a login, by any address', async () => {
    const linked = await upsertLoginUser(
      t.db,
      { issuer: 'builtin', subject: 'acc-1', email: 'linked@example.se', emailVerified: true },
      [],
    );
    const other = await upsertLoginUser(
      t.db,
      { issuer: 'https://id.example', subject: 'ext-9', email: 'linked@example.se', emailVerified: true },
      [],
    );
    expect(other.id).not.toBe(linked.id);
    expect(other.email).toBeNull();
    const again = await upsertLoginUser(
      t.db,
      { issuer: 'builtin', subject: 'acc-1', email: 'whatever@example.se', emailVerified: true },
      [],
    );
    expect(again.id).toBe(linked.id);
  });
});

describe('changing the address', () => {
  it('keeps the old address until the new one is confirmed; nobody else can use the new one', async () => {
    const member = await signUpAndVerify(t.app, t.db, {
      firstName: 'Mia',
      lastName: 'Member',
      email: 'mia@example.se',
      password: 'putter2024',
    });
    const before = (await me(member)).json();
    const client = await t.as({ id: before.id });
    const res = await client.put(
      `/api/users/${before.id}`,
      profileFormPayload({ firstName: 'Mia', lastName: 'Member', email: 'mia.new@example.se' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'mia@example.se', pendingEmail: 'mia.new@example.se' });
    const notice = await lastEmail(t.db, 'mia@example.se', 'email-change-notice');
    expect(notice.textBody).toContain('mia.new@example.se');
    const confirm = await lastEmail(t.db, 'mia.new@example.se', 'email-change-confirm');
    const link = linkIn(confirm.textBody, '/email/confirm?token=');

    // An attacker signs up at the issuer with the pending address: cannot log in, reaches nothing.
    const attacker = browser(t.app);
    const uid = await startLogin(attacker, 'signup');
    await attacker.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Evil',
      lastName: 'Eve',
      email: 'mia.new@example.se',
      password: 'stolen12345',
    });
    const tryLogin = await attacker.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'mia.new@example.se',
      password: 'stolen12345',
    });
    expect(tryLogin.res.statusCode).toBe(403);
    expect((await me(attacker)).statusCode).toBe(401);
    // The old address still logs in.
    const old = browser(t.app);
    const uid2 = await startLogin(old);
    expect(
      (
        await old.go('POST', `/idp/interaction/${uid2}/login`, {
          email: 'mia@example.se',
          password: 'putter2024',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
    expect((await me(old)).json().id).toBe(before.id);

    // The owner confirms: the address takes effect everywhere, the attacker's unconfirmed account is gone.
    const token = new URL(link).searchParams.get('token')!;
    const confirmed = await t.anon.post('/api/me/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().email).toBe('mia.new@example.se');
    const accounts = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, 'mia.new@example.se'));
    expect(accounts).toHaveLength(1);
    expect(accounts[0].firstName).toBe('Mia');
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      email: 'mia.new@example.se',
      pendingEmail: null,
      emailVerified: true,
    });
    expect(await lastEmail(t.db, 'mia@example.se', 'email-changed')).toBeTruthy();
    const fresh = browser(t.app);
    const uid3 = await startLogin(fresh);
    expect(
      (
        await fresh.go('POST', `/idp/interaction/${uid3}/login`, {
          email: 'mia@example.se',
          password: 'putter2024',
        })
      ).res.statusCode,
    ).toBe(401);
    expect(
      (
        await fresh.go('POST', `/idp/interaction/${uid3}/login`, {
          email: 'mia.new@example.se',
          password: 'putter2024',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
    expect((await me(fresh)).json().id).toBe(before.id);
    // Single use.
    const twice = await t.anon.post('/api/me/email/confirm', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('redan använts');
  });

  it('changes nothing when another account confirmed the address first, and cancels from the old address', async () => {
    const u = await signUpAndVerify(t.app, t.db, {
      firstName: 'Kim',
      lastName: 'K',
      email: 'kim@example.se',
      password: 'wedge20245',
    });
    const kim = (await me(u)).json();
    const client = await t.as({ id: kim.id });
    const { requestEmailChange } = await import('./email-change');
    const [row] = await t.db.select().from(users).where(eq(users.id, kim.id));
    await t.db.transaction((tx) => requestEmailChange(tx, t.app.mail, row, 'shared@example.se'));
    const link = linkIn(
      (await lastEmail(t.db, 'shared@example.se', 'email-change-confirm')).textBody,
      'token=',
    );
    // Someone else signs up with the address and confirms it first.
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Sam',
      lastName: 'S',
      email: 'shared@example.se',
      password: 'driver20245',
    });
    const res = await t.anon.post('/api/me/email/confirm', {
      token: new URL(link).searchParams.get('token')!,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Inget har ändrats');
    expect((await client.get('/api/auth/user')).json().email).toBe('kim@example.se');

    // A new change, cancelled from the old address: the confirm link then does nothing.
    const [row2] = await t.db.select().from(users).where(eq(users.id, kim.id));
    await t.db.transaction((tx) => requestEmailChange(tx, t.app.mail, row2, 'kim2@example.se'));
    const cancel = linkIn(
      (await lastEmail(t.db, 'kim@example.se', 'email-change-notice')).textBody,
      '/email/cancel?token=',
    );
    const confirm2 = linkIn(
      (await lastEmail(t.db, 'kim2@example.se', 'email-change-confirm')).textBody,
      'token=',
    );
    const cancelled = await t.anon.post('/api/me/email/cancel', {
      token: new URL(cancel).searchParams.get('token')!,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().message).toContain('avbruten');
    expect((await client.get('/api/auth/user')).json().pendingEmail).toBeNull();
    const late = await t.anon.post('/api/me/email/confirm', {
      token: new URL(confirm2).searchParams.get('token')!,
    });
    expect(late.statusCode).toBe(400);
    expect((await client.get('/api/auth/user')).json().email).toBe('kim@example.se');
  });

  it('validates the token body', async () => {
    for (const body of [
      'null',
      '[]',
      '"x"',
      '{}',
      '{"token":"short"}',
      JSON.stringify({ token: 'a'.repeat(500) }),
    ]) {
      const res = await t.anon.post('/api/me/email/confirm', body, { 'content-type': 'application/json' });
      expect(res.statusCode, body).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('forgotten password', () => {
  it('answers the same for every address, sends a single-use link only to an account', async () => {
    const member = await signUpAndVerify(t.app, t.db, {
      firstName: 'Rut',
      lastName: 'Reset',
      email: 'rut@example.se',
      password: 'chip2024xx',
    });
    const rut = (await me(member)).json();
    const phone = await t.as({ id: rut.id });
    expect((await phone.get('/api/auth/user')).statusCode).toBe(200);

    const b = browser(t.app);
    const page = await b.go('GET', '/idp/forgot');
    expect(page.res.body).toContain('<h1>Glömt lösenordet?</h1>');
    const known = await b.go('POST', '/idp/forgot', { email: 'rut@example.se' });
    const unknown = await b.go('POST', '/idp/forgot', { email: 'okand@example.se' });
    expect(known.res.statusCode).toBe(unknown.res.statusCode);
    expect(known.res.body.replaceAll('rut@example.se', 'X')).toBe(
      unknown.res.body.replaceAll('okand@example.se', 'X'),
    );
    expect(await emailsTo('okand@example.se')).toHaveLength(0);
    const mail = await lastEmail(t.db, 'rut@example.se', 'password-reset');
    expect(mail.subject).toBe('Återställ ditt lösenord');
    const link = linkIn(mail.textBody, '/idp/reset/');

    expect((await b.go('GET', link)).res.body).toContain('<h1>Välj ett nytt lösenord</h1>');
    const mismatch = await b.go('POST', link, { password: 'newpass2024', repeat: 'other2024x' });
    expect(mismatch.res.body).toContain('Lösenorden är inte likadana.');
    const weak = await b.go('POST', link, { password: 'kort', repeat: 'kort' });
    expect(weak.res.body).toContain('Lösenordet måste vara minst 8 tecken.');
    const done = await b.go('POST', link, { password: 'newpass2024', repeat: 'newpass2024' });
    expect(done.url).toBe(`${TEST_ORIGIN}/`);
    expect((await me(b)).json().id).toBe(rut.id);
    // Every other session of the member ended.
    expect((await phone.get('/api/auth/user')).statusCode).toBe(401);
    expect((await me(member)).statusCode).toBe(401);
    expect(await lastEmail(t.db, 'rut@example.se', 'password-changed')).toBeTruthy();
    // Single use; the new password works, the old does not.
    expect(
      (await browser(t.app).go('POST', link, { password: 'another2024', repeat: 'another2024' })).res.body,
    ).toContain('redan använts');
    const l = browser(t.app);
    const uid = await startLogin(l);
    expect(
      (
        await l.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'rut@example.se',
          password: 'chip2024xx',
        })
      ).res.statusCode,
    ).toBe(401);
    expect(
      (
        await l.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'rut@example.se',
          password: 'newpass2024',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
  });

  it('expires a reset link after an hour', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Ex',
      lastName: 'Pired',
      email: 'expired@example.se',
      password: 'iron7iron7',
    });
    const b = browser(t.app);
    await b.go('POST', '/idp/forgot', { email: 'expired@example.se' });
    const link = linkIn(
      (await lastEmail(t.db, 'expired@example.se', 'password-reset')).textBody,
      '/idp/reset/',
    );
    const [token] = await t.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.email, 'expired@example.se'), eq(accountTokens.kind, 'reset_password')));
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(3600_000);
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.id, token.id));
    const res = await b.go('POST', link, { password: 'newpass2024', repeat: 'newpass2024' });
    expect(res.res.statusCode).toBe(400);
    expect(res.res.body).toContain('Länken har gått ut');
  });
});

describe('failed passwords', () => {
  it('makes an address wait after 10 failures in an hour and tells the owner, without telling strangers anything', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Lå',
      lastName: 'St',
      email: 'locked@example.se',
      password: 'sand2024xx',
    });
    const b = browser(t.app);
    const uid = await startLogin(b);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (
          await b.go('POST', `/idp/interaction/${uid}/login`, {
            email: 'locked@example.se',
            password: `wrong${i}xx1`,
          })
        ).res.statusCode,
      );
    }
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    // Even the right password waits now.
    const right = await b.go('POST', `/idp/interaction/${uid}/login`, {
      email: 'locked@example.se',
      password: 'sand2024xx',
    });
    expect(right.res.statusCode).toBe(429);
    expect(right.res.body).toContain('För många misslyckade inloggningar');
    const told = await emailsTo('locked@example.se');
    expect(told.filter((m) => m.template === 'login-locked')).toHaveLength(1);

    // An address without an account behaves the same, and nobody gets an e-mail.
    const s2: number[] = [];
    for (let i = 0; i < 10; i++) {
      s2.push(
        (
          await b.go('POST', `/idp/interaction/${uid}/login`, {
            email: 'ghost@example.se',
            password: `wrong${i}xx1`,
          })
        ).res.statusCode,
      );
    }
    expect(s2).toEqual(statuses);
    expect(await emailsTo('ghost@example.se')).toHaveLength(0);

    // When the wait is over the right password works again.
    await t.db
      .update(loginThrottle)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(eq(loginThrottle.emailKey, 'locked@example.se'));
    expect(
      (
        await b.go('POST', `/idp/interaction/${uid}/login`, {
          email: 'locked@example.se',
          password: 'sand2024xx',
        })
      ).url,
    ).toBe(`${TEST_ORIGIN}/`);
  });
});

describe('the Säkerhet section', () => {
  it('changes the password: checks the current one, ends the other sessions, keeps this one', async () => {
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Pia',
      lastName: 'P',
      email: 'pia@example.se',
      password: 'green2024x',
    });
    const pia = (await me(b)).json();
    const here = await t.as({ id: pia.id });
    const elsewhere = await t.as({ id: pia.id });
    expect(
      (await t.anon.post('/api/me/password', { currentPassword: 'x', newPassword: 'y' })).statusCode,
    ).toBe(401);
    const wrong = await here.post('/api/me/password', {
      currentPassword: 'nope',
      newPassword: 'fairway2024',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Fel lösenord', field: 'currentPassword' });
    const weak = await here.post('/api/me/password', { currentPassword: 'green2024x', newPassword: 'short' });
    expect(weak.json().message).toBe('Lösenordet måste vara minst 8 tecken.');
    const ok = await here.post('/api/me/password', {
      currentPassword: 'green2024x',
      newPassword: 'fairway2024',
    });
    expect(ok.statusCode).toBe(204);
    expect((await here.get('/api/auth/user')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    const info = await here.get('/api/me/security');
    expect(info.json()).toEqual({
      loginProvider: 'builtin',
      email: 'pia@example.se',
      emailVerified: true,
      pendingEmail: null,
    });
    expect(info.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for the password of a member who logs in elsewhere', async () => {
    const ext = await buildUser(t.db, { oidcIssuer: 'https://id.example', oidcSubject: 'ext-pw' });
    const c = await t.as(ext);
    const res = await c.post('/api/me/password', { currentPassword: 'a', newPassword: 'fairway2024' });
    expect(res.statusCode).toBe(404);
    expect((await c.get('/api/me/security')).json().loginProvider).toBe('external');
  });

  it("'Logga ut överallt' ends every session of the member and nobody else's", async () => {
    const u = await buildUser(t.db);
    const other = await buildUser(t.db);
    const a = await t.as(u);
    const b2 = await t.as(u);
    const o = await t.as(other);
    expect((await a.post('/api/me/logout-everywhere')).statusCode).toBe(204);
    expect((await a.get('/api/auth/user')).statusCode).toBe(401);
    expect((await b2.get('/api/auth/user')).statusCode).toBe(401);
    expect((await o.get('/api/auth/user')).statusCode).toBe(200);
    const left = await t.db.select().from(sessions).where(sql`${sessions.sess}->>'userId' = ${u.id}`);
    expect(left).toHaveLength(0);
  });
});
