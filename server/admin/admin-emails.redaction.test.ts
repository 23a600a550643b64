import type { AdminEmail } from '@common/schemas/admin-emails';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsContext, me } from '../auth/accounts.test-helpers';
import { idpAccounts, outboundEmails, users } from '../db/schema';
import { enqueueEmail } from '../email/outbox';
import { REDACTED_TOKEN, redactTokens } from '../email/redact';
import { unsubscribeKey, unsubscribeToken, unsubscribeUrl } from '../notifications/unsubscribe';
import { browser, lastEmail, linkIn, signUpAndVerify, startLogin } from '../test/browser';
import { buildAdmin, profileFormPayload } from '../test/factories';
import { TEST_ORIGIN, type TestClient, type TestContext } from '../test/test-app';

/**
 * Issue 28, item 3: an administrator reading 'E-post' must never get a working link of someone
 * else's account (opening a reset or confirmation link logs in as its owner). Every account e-mail
 * is made by its real flow, then read as the admin: no code of any link is in the answer, and the
 * link the admin sees leads nowhere. The recipient's own link (from the outbox) still works.
 */

/** The one-time codes in an e-mail's links, as the recipient gets them. */
function codesIn(text: string): string[] {
  const codes: string[] = [];
  for (const m of text.matchAll(/\/idp\/(?:verify|reset)\/([A-Za-z0-9_-]+)/g)) codes.push(m[1]);
  for (const m of text.matchAll(/[?&]token=([A-Za-z0-9_.-]+)/g)) codes.push(m[1]);
  for (const m of text.matchAll(/\/api\/unsubscribe\/([A-Za-z0-9_.-]+)/g)) codes.push(m[1]);
  return codes;
}

let t: TestContext;
let admin: TestClient;

/** The admin's view of every e-mail to an address (the list, filtered to the recipient). */
async function adminView(to: string): Promise<{ body: string; emails: AdminEmail[] }> {
  const res = await admin.get(`/api/admin/emails?recipient=${encodeURIComponent(to)}&limit=100`);
  expect(res.statusCode).toBe(200);
  return { body: res.body, emails: res.json() as AdminEmail[] };
}

const viewOf = (emails: AdminEmail[], template: string) => {
  const e = emails.find((x) => x.template === template);
  if (!e) throw new Error(`no ${template} in the admin's view`);
  return e;
};

beforeAll(async () => {
  t = await createAccountsContext();
  admin = await t.as(await buildAdmin(t.db));
});
afterAll(() => t.close());

describe("an admin reads account e-mails with their links' codes hidden", () => {
  it('sign-up confirmation (and the resent one): the redacted link verifies nothing; the real one does', async () => {
    const email = 'vera.redact@example.se';
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Vera',
      lastName: 'Vidare',
      email,
      password: 'putter2024x',
    });
    await b.go('POST', '/idp/resend', { email });
    const rows = await t.db.select().from(outboundEmails).where(eq(outboundEmails.recipient, email));
    expect(rows.map((r) => r.template)).toEqual(['verify-email', 'verify-email']);
    const codes = rows.flatMap((r) => codesIn(r.textBody));
    expect(codes).toHaveLength(2);

    const { body, emails } = await adminView(email);
    for (const code of codes) expect(body).not.toContain(code);
    for (const e of emails) {
      expect(e.text).toContain(`/idp/verify/${REDACTED_TOKEN}`);
      expect(e.html).toContain(`/idp/verify/${REDACTED_TOKEN}`);
    }

    // The admin follows what they see: no confirmation, no login.
    const seen = linkIn(emails[0].text, '/idp/verify/');
    expect(seen).toBe(`${TEST_ORIGIN}/idp/verify/${REDACTED_TOKEN}`);
    const adminBrowser = browser(t.app);
    expect((await adminBrowser.go('GET', seen)).res.statusCode).toBe(400);
    const posted = await adminBrowser.go('POST', seen);
    expect(posted.res.statusCode).toBe(400);
    expect(posted.res.body).toContain('Länken är ogiltig');
    expect((await me(adminBrowser)).statusCode).toBe(401);
    const [account] = await t.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
    expect(account.emailVerifiedAt).toBeNull();

    // The recipient's own (newest) link works: the test would see a working code.
    const own = linkIn((await lastEmail(t.db, email, 'verify-email')).textBody, '/idp/verify/');
    await b.go('POST', own);
    expect((await me(b)).statusCode).toBe(200);
  });

  it('password reset, sign-up of a taken address, login lock and password change: no code, and the redacted reset link fails', async () => {
    const email = 'ola.redact@example.se';
    await signUpAndVerify(t.app, t.db, { firstName: 'Ola', lastName: 'O', email, password: 'driver2024x' });
    // A sign-up with the taken address (signup-existing), a reset request (password-reset).
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: 'Any',
      lastName: 'One',
      email,
      password: 'wedge2024xx',
    });
    await b.go('POST', '/idp/forgot', { email });
    // Ten wrong passwords (login-locked).
    const wrong = browser(t.app);
    const uid2 = await startLogin(wrong);
    for (let i = 0; i < 10; i++)
      await wrong.go('POST', `/idp/interaction/${uid2}/login`, { email, password: `fel-${i}-lösenord` });

    const rows = await t.db.select().from(outboundEmails).where(eq(outboundEmails.recipient, email));
    expect(new Set(rows.map((r) => r.template))).toEqual(
      new Set(['verify-email', 'signup-existing', 'password-reset', 'login-locked']),
    );
    const codes = rows.flatMap((r) => codesIn(r.textBody + r.htmlBody));
    expect(codes.length).toBeGreaterThanOrEqual(2);

    const { body, emails } = await adminView(email);
    for (const code of codes) expect(body).not.toContain(code);
    const reset = viewOf(emails, 'password-reset');
    expect(reset.html).toContain(`/idp/reset/${REDACTED_TOKEN}`);
    const seen = linkIn(reset.text, '/idp/reset/');
    const adminBrowser = browser(t.app);
    expect((await adminBrowser.go('GET', seen)).res.statusCode).toBe(400);
    const tried = await adminBrowser.go('POST', seen, { password: 'hijack2024xx', repeat: 'hijack2024xx' });
    expect(tried.res.statusCode).toBe(400);
    expect((await me(adminBrowser)).statusCode).toBe(401);

    // The owner's own reset link works (password-changed follows), and still no code reaches the admin.
    const own = linkIn((await lastEmail(t.db, email, 'password-reset')).textBody, '/idp/reset/');
    const owner = browser(t.app);
    await owner.go('POST', own, { password: 'newputter2024', repeat: 'newputter2024' });
    expect((await me(owner)).statusCode).toBe(200);
    const after = await adminView(email);
    expect(after.emails.map((e) => e.template)).toContain('password-changed');
    for (const code of codes) expect(after.body).not.toContain(code);
  });

  it('change of address: neither the confirm link nor the cancel link works from the admin page', async () => {
    const old = 'nils.redact@example.se';
    const next = 'nils.ny.redact@example.se';
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Nils',
      lastName: 'N',
      email: old,
      password: 'putter2024n',
    });
    const id = (await me(b)).json().id as string;
    const client = await t.as({ id });
    const put = await client.put(`/api/users/${id}`, profileFormPayload({ email: next }));
    expect(put.statusCode, put.body).toBe(200);

    const confirmRow = await lastEmail(t.db, next, 'email-change-confirm');
    const noticeRow = await lastEmail(t.db, old, 'email-change-notice');
    const codes = [...codesIn(confirmRow.textBody), ...codesIn(noticeRow.textBody)];
    expect(codes).toHaveLength(2);

    const toNew = await adminView(next);
    const toOld = await adminView(old);
    for (const code of codes) {
      expect(toNew.body).not.toContain(code);
      expect(toOld.body).not.toContain(code);
    }
    const confirm = viewOf(toNew.emails, 'email-change-confirm');
    const notice = viewOf(toOld.emails, 'email-change-notice');
    expect(confirm.html).toContain(`/email/confirm?token=${REDACTED_TOKEN}`);
    expect(notice.html).toContain(`/email/cancel?token=${REDACTED_TOKEN}`);

    // The page's links post their token to the API: the redacted ones change nothing.
    const seenConfirm = new URL(linkIn(confirm.text, '/email/confirm?token=')).searchParams.get('token')!;
    const seenCancel = new URL(linkIn(notice.text, '/email/cancel?token=')).searchParams.get('token')!;
    expect(seenConfirm).toBe(REDACTED_TOKEN);
    expect((await t.anon.post('/api/me/email/confirm', { token: seenConfirm })).statusCode).toBe(400);
    expect((await t.anon.post('/api/me/email/cancel', { token: seenCancel })).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ email: old, pendingEmail: next });
  });

  it("a notification's unsubscribe link is hidden too, and the hidden one unsubscribes nobody", async () => {
    const email = 'pia.redact@example.se';
    const b = await signUpAndVerify(t.app, t.db, {
      firstName: 'Pia',
      lastName: 'P',
      email,
      password: 'putter2024p',
    });
    const id = (await me(b)).json().id as string;
    const key = await unsubscribeKey(t.app.database);
    const token = unsubscribeToken(key, id, 'event_cancelled');
    await enqueueEmail(t.db, t.app.mail, {
      to: email,
      template: 'notification',
      props: {
        firstName: 'Pia',
        title: 'Eventet är inställt',
        body: 'Höstresan är inställd.',
        url: `${TEST_ORIGIN}/events/1`,
        typeLabel: 'Inställt event',
        unsubscribeUrl: unsubscribeUrl(t.app.mail.publicUrl, token),
        settingsUrl: `${TEST_ORIGIN}/profile`,
      },
    });
    const { body, emails } = await adminView(email);
    expect(body).not.toContain(token);
    const seen = linkIn(viewOf(emails, 'notification').text, '/api/unsubscribe/');
    expect(seen).toBe(`${TEST_ORIGIN}/api/unsubscribe/${REDACTED_TOKEN}`);
    const res = await t.anon.post(new URL(seen).pathname, '');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('redactTokens', () => {
  it('hides the code of every kind of link, in text and HTML, and leaves other links alone', () => {
    const code = 'Ab3_x-9ZqLmN0pQrStUvWxYz0123456789abcdEFGH';
    const samples = [
      `${TEST_ORIGIN}/idp/verify/${code}`,
      `${TEST_ORIGIN}/idp/reset/${code}`,
      `${TEST_ORIGIN}/email/confirm?token=${code}`,
      `${TEST_ORIGIN}/email/cancel?token=${code}`,
      `${TEST_ORIGIN}/x?a=1&amp;token=${code}`,
      `${TEST_ORIGIN}/api/unsubscribe/${code}.3.${code}`,
      `${TEST_ORIGIN}/api/calendar/feed/${code}.ics`,
    ];
    for (const link of samples) {
      for (const wrapped of [`[${link}]`, `<a href="${link}">x</a>`, `${link}.`]) {
        const out = redactTokens(wrapped);
        expect(out, wrapped).not.toContain(code);
        expect(out).toContain(REDACTED_TOKEN);
      }
    }
    expect(redactTokens(`${TEST_ORIGIN}/api/calendar/feed/${code}.ics`)).toBe(
      `${TEST_ORIGIN}/api/calendar/feed/${REDACTED_TOKEN}.ics`,
    );
    const plain = `${TEST_ORIGIN}/events/12 ${TEST_ORIGIN}/profile#sakerhet ${TEST_ORIGIN}/idp/forgot`;
    expect(redactTokens(plain)).toBe(plain);
  });
});
