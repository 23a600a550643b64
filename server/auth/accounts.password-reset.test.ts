import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, emailsTo, me } from './accounts.test-helpers';

/** A forgotten password: a single-use link, sent only to an account, that ends every other session. */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

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
    expect(await emailsTo(t, 'okand@example.se')).toHaveLength(0);
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

  it('runs the same statements for an address without an account as for one with it', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Spår',
      lastName: 'S',
      email: 'trace@example.se',
      password: 'spar2024xyz',
    });
    // Every statement the app's database runs (transactions inherit the session's logger).
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's session is internal; this test records through its logger
    const session = (t.app.db as any).session;
    const saved = { logger: session.logger, optionsLogger: session.options.logger };
    const statements: string[] = [];
    const recorder = { logQuery: (query: string) => statements.push(query.replace(/\s+/g, ' ').trim()) };
    const trace = async (email: string) => {
      statements.length = 0;
      session.logger = recorder;
      session.options.logger = recorder;
      try {
        await browser(t.app).go('POST', '/idp/forgot', { email });
      } finally {
        session.logger = saved.logger;
        session.options.logger = saved.optionsLogger;
      }
      return [...statements];
    };
    const sending = await trace('trace@example.se');
    const unknown = await trace('nobody-trace@example.se');
    expect(sending.length).toBeGreaterThan(3);
    // The same statements in the same order; only the savepoint's end differs (kept or rolled back).
    const ending = (q: string) => /^(release|rollback to) savepoint/i.test(q);
    expect(sending.filter((q) => !ending(q))).toEqual(unknown.filter((q) => !ending(q)));
    expect(sending.some((q) => q.startsWith('insert into "outbound_emails"'))).toBe(true);
    expect(await emailsTo(t, 'nobody-trace@example.se')).toHaveLength(0);
  });

  it('takes as long for an address without an account as for one with it (timing tells nothing)', async () => {
    await signUpAndVerify(t.app, t.db, {
      firstName: 'Tid',
      lastName: 'T',
      email: 'timing@example.se',
      password: 'clock2024xx',
    });
    // Wall-clock time, and the CPU time of this process (the server runs in it, and so does PGlite):
    // unlike the clock, the CPU time hardly moves with other processes' load on the machine.
    const wall: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const cpu: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const forgot = async (email: string, kind?: 'known' | 'unknown') => {
      // Under the hourly limit every time: the known address always gets its e-mail.
      await t.db.delete(accountTokens).where(eq(accountTokens.email, email));
      const start = performance.now();
      const startCpu = process.cpuUsage();
      const res = await t.app.inject({
        method: 'POST',
        url: '/idp/forgot',
        headers: {
          host: 'localhost:5000',
          origin: TEST_ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ email }).toString(),
      });
      const used = process.cpuUsage(startCpu);
      expect(res.statusCode).toBe(200);
      if (kind) {
        wall[kind].push(performance.now() - start);
        cpu[kind].push((used.user + used.system) / 1000);
      }
    };
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
    };
    // One address of each kind asked again and again, as someone timing it would; the known one
    // gets its e-mail every time, the unknown one does the same work and rolls it back. Warm up,
    // then interleave so load on the machine falls on both alike.
    for (let i = 0; i < 5; i++) {
      await forgot('timing@example.se');
      await forgot('nobody@example.se');
    }
    for (let i = 0; i < 30; i++) {
      // Alternating which goes first, so neither always follows the other.
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const kind of order)
        await forgot(kind === 'known' ? 'timing@example.se' : 'nobody@example.se', kind);
    }
    const f = (n: number) => n.toFixed(2);
    console.info(
      `POST /idp/forgot, medians over 30 each: wall known ${f(median(wall.known))} ms, unknown ${f(median(wall.unknown))} ms; ` +
        `CPU known ${f(median(cpu.known))} ms, unknown ${f(median(cpu.unknown))} ms`,
    );
    // Both do the same statements (the test above), so what is left is noise. Measured on two cores
    // shared with other work, the medians of two *identical* requests (two unknown addresses) differed
    // by up to a fifth, so the bound is generous: within half of each other in CPU time. Before the fix
    // a known address took over three times as long as an unknown one (9.4 against 2.9 ms, wall; in
    // this test 5 to 6 times, CPU and wall).
    const ratio = (a: number[], b: number[]) =>
      Math.max(median(a), median(b)) / Math.min(median(a), median(b));
    expect(ratio(cpu.known, cpu.unknown)).toBeLessThan(1.5);
    // The wall clock, noisier still, within a factor that the old code (over 5×) was far beyond.
    expect(ratio(wall.known, wall.unknown)).toBeLessThan(2.5);
    // Every request for the account sent a link, none for the address without one.
    expect(
      (await emailsTo(t, 'timing@example.se')).filter((m) => m.template === 'password-reset'),
    ).toHaveLength(35);
    expect(await emailsTo(t, 'nobody@example.se')).toHaveLength(0);
    const stored = await t.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.email, 'nobody@example.se'));
    expect(stored).toHaveLength(0);
  }, 60_000);
});
