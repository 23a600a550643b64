import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts } from '../db/schema';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createAccountsContext, emailsTo, me } from './accounts.test-helpers';

/**
 * Login CSRF on /idp: every form post of the issuer's pages must come from the site's own pages. A
 * foreign page, or a sandboxed frame (which sends `Origin: null`), cannot log a visitor in as the
 * attacker (confirm or reset link, login form), nor send reset or confirmation e-mails.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';

/** A form post with the given Origin / Referer (undefined: the header is left out), cookies of `b`. */
async function post(
  path: string,
  form: Record<string, string>,
  origin: string | undefined,
  referer?: string,
  cookie = '',
) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      host: 'localhost:5000',
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
      ...(origin !== undefined ? { origin } : {}),
      ...(referer !== undefined ? { referer } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const refusals: [string, string | undefined, string | undefined][] = [
  ['Origin: null (a sandboxed frame)', 'null', undefined],
  ['a foreign Origin', EVIL, undefined],
  ['a foreign Origin with our Referer', EVIL, `${TEST_ORIGIN}/idp/forgot`],
  ['no Origin and a foreign Referer', undefined, `${EVIL}/page`],
  ['neither Origin nor Referer', undefined, undefined],
];

describe('form posts to /idp from elsewhere', () => {
  it('refuses a confirmation link posted from elsewhere: the address stays unconfirmed, nobody is logged in', async () => {
    // The attacker signs up with an address of their own and posts its link from their page.
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Mallory',
      lastName: 'M',
      email: 'mallory@example.se',
      password: 'attacker2024',
    });
    const link = new URL(
      linkIn((await lastEmail(t.db, 'mallory@example.se', 'verify-email')).textBody, '/idp/verify/'),
    ).pathname;
    for (const [, origin, referer] of refusals) {
      const res = await post(link, {}, origin, referer);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Formuläret kom från en annan webbplats.');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const [account] = await t.db
      .select()
      .from(idpAccounts)
      .where(eq(idpAccounts.email, 'mallory@example.se'));
    expect(account.emailVerifiedAt).toBeNull();
    // From the site's own page (its Origin, or without one a Referer of the site) the link works.
    const own = await post(link, {}, undefined, `${TEST_ORIGIN}${link}`);
    expect(own.statusCode).toBe(302);
  });

  it('refuses reset requests, resends, sign-ups, logins and resets from elsewhere, and takes them from the site', async () => {
    const member = await signUpAndVerify(t.app, t.db, {
      firstName: 'Olle',
      lastName: 'O',
      email: 'olle@example.se',
      password: 'bunker2024x',
    });
    const before = (await emailsTo(t, 'olle@example.se')).length;
    const b = browser(t.app);
    const uid = await startLogin(b);
    const cookie = [...b.jar].map(([k, c]) => `${k}=${c.value}`).join('; ');
    for (const [name, origin, referer] of refusals) {
      for (const [path, form] of [
        ['/idp/forgot', { email: 'olle@example.se' }],
        ['/idp/resend', { email: 'olle@example.se' }],
        [
          `/idp/interaction/${uid}/signup`,
          {
            acceptTerms: 'on',
            firstName: 'A',
            lastName: 'B',
            email: 'olle@example.se',
            password: 'x2024xxxxx',
          },
        ],
        [`/idp/interaction/${uid}/login`, { email: 'olle@example.se', password: 'bunker2024x' }],
        ['/idp/reset/anything', { password: 'new2024xxxx', repeat: 'new2024xxxx' }],
      ] as const) {
        const res = await post(path, form, origin, referer, cookie);
        expect(res.statusCode, `${name}: ${path}`).toBe(403);
      }
    }
    // Nothing was sent, nobody logged in.
    expect(await emailsTo(t, 'olle@example.se')).toHaveLength(before);
    expect((await me(b)).statusCode).toBe(401);
    // With the site's Origin they work (the reset e-mail is sent).
    const ok = await post('/idp/forgot', { email: 'olle@example.se' }, TEST_ORIGIN);
    expect(ok.statusCode).toBe(200);
    expect(await lastEmail(t.db, 'olle@example.se', 'password-reset')).toBeTruthy();
    expect((await me(member)).statusCode).toBe(200);
  });

  it("serves the issuer's pages with Referrer-Policy same-origin, so a browser sends our Origin (not null) on their forms", async () => {
    const b = browser(t.app);
    for (const path of ['/idp/forgot', `/idp/interaction/${await startLogin(b)}`, '/idp/verify/unknown']) {
      const res = await b.request('GET', path);
      expect(res.headers['referrer-policy'], path).toBe('same-origin');
    }
  });

  it("leaves oidc-provider's own endpoints to their own rules (the relying party's token call has no Origin)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { host: 'localhost:5000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=nothing',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^invalid_/);
  });
});
