import { msg } from '@common/messages';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, users } from '../db/schema';
import { browser, lastEmail, signUpAndVerify, startLogin } from '../test/browser';
import { buildUser, profileFormPayload } from '../test/factories';
import type { TestContext } from '../test/test-app';
import { createAccountsContext, emailsTo, me } from './accounts.test-helpers';
import { EMAIL_CHANGES_PER_HOUR } from './email-change';

/**
 * Issue 28, items 4 and 5: PUT /api/users/{id} with a new address is neither an oracle of which
 * addresses have accounts nor a relay that sends the requester's words from the site's domain.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createAccountsContext();
});
afterAll(() => t.close());

const outboxSize = async () => (await t.db.select({ n: count() }).from(outboundEmails))[0].n;
const SPAM_FIRST = 'Vinn 5000 kr: http://evil.example/x';
const SPAM_LAST = 'Klicka-har.example';
let seq = 0;
const outside = (tag: string) => `${tag}-${++seq}-${Date.now()}@outside.example`;

/** A member with a verified address, logged in. */
async function verifiedMember(tag: string) {
  const user = await buildUser(t.db, {
    email: `${tag}-${++seq}@example.se`,
    emailVerifiedAt: new Date(),
  });
  return { user, client: await t.as(user) };
}

describe('item 4: an address another member uses is answered like a free one', () => {
  it('same status, same body, same pending state; the holder keeps the address and is told, the change never confirms', async () => {
    const holder = await signUpAndVerify(t.app, t.db, {
      firstName: 'Hanna',
      lastName: 'Holder',
      email: 'hanna.holder@example.se',
      password: 'putter2024h',
    });
    const holderId = (await me(holder)).json().id as string;
    const a = await verifiedMember('asker-a');
    const b = await verifiedMember('asker-b');

    const taken = await a.client.put(
      `/api/users/${a.user.id}`,
      profileFormPayload({ email: 'Hanna.Holder@example.se' }),
    );
    const free = await b.client.put(
      `/api/users/${b.user.id}`,
      profileFormPayload({ email: 'nobody.has.this@example.se' }),
    );
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(taken.statusCode);
    const [tb, fb] = [taken.json(), free.json()];
    expect(Object.keys(tb).sort()).toEqual(Object.keys(fb).sort());
    expect(tb).toMatchObject({
      email: a.user.email,
      pendingEmail: 'hanna.holder@example.se',
      emailVerified: true,
    });
    expect(fb).toMatchObject({
      email: b.user.email,
      pendingEmail: 'nobody.has.this@example.se',
      emailVerified: true,
    });
    // What the requester sees afterwards is the same too.
    const [ta, fa] = [
      (await a.client.get('/api/auth/user')).json(),
      (await b.client.get('/api/auth/user')).json(),
    ];
    expect(Object.keys(ta).sort()).toEqual(Object.keys(fa).sort());
    expect(ta.pendingEmail).toBe('hanna.holder@example.se');
    // Each requester's own address gets the same notice with a cancel link.
    expect(await lastEmail(t.db, a.user.email!, 'email-change-notice')).toBeTruthy();
    expect(await lastEmail(t.db, b.user.email!, 'email-change-notice')).toBeTruthy();

    // The holder gets no link, only word that someone tried; their address and login are unchanged.
    const toHolder = await emailsTo(t, 'hanna.holder@example.se');
    expect(toHolder.map((e) => e.template)).not.toContain('email-change-confirm');
    const told = toHolder.find((e) => e.template === 'email-in-use');
    expect(told?.textBody).toContain('Adressen hör redan till ditt konto');
    expect(told?.textBody).not.toMatch(/token=|\/idp\//);
    const [holderRow] = await t.db.select().from(users).where(eq(users.id, holderId));
    expect(holderRow.email).toBe('hanna.holder@example.se');
    expect((await me(holder)).json().email).toBe('hanna.holder@example.se');
    const [asker] = await t.db.select().from(users).where(eq(users.id, a.user.id));
    expect(asker.email).toBe(a.user.email);
  });
});

describe('item 5: the change of address is no spam relay', () => {
  it(`refuses the ${EMAIL_CHANGES_PER_HOUR + 1}th change within the hour with 429 and Retry-After, queuing nothing`, async () => {
    const { user, client } = await verifiedMember('spammer');
    const targets = Array.from({ length: EMAIL_CHANGES_PER_HOUR + 1 }, () => outside('victim'));
    for (const to of targets.slice(0, EMAIL_CHANGES_PER_HOUR)) {
      const res = await client.put(
        `/api/users/${user.id}`,
        profileFormPayload({ firstName: SPAM_FIRST, lastName: SPAM_LAST, email: to }),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await outboxSize();
    const sixth = await client.put(
      `/api/users/${user.id}`,
      profileFormPayload({
        firstName: 'Sjätte',
        lastName: SPAM_LAST,
        email: targets[EMAIL_CHANGES_PER_HOUR],
      }),
    );
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: msg.emailChangeLimit });
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await outboxSize()).toBe(before);
    expect(await emailsTo(t, targets[EMAIL_CHANGES_PER_HOUR])).toEqual([]);
    // Nothing of the refused request was saved.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.pendingEmail).toBe(targets[EMAIL_CHANGES_PER_HOUR - 1]);
    expect(row.firstName).toBe(SPAM_FIRST);

    // A profile save that keeps the address still works.
    const keep = await client.put(`/api/users/${user.id}`, profileFormPayload({ email: user.email }));
    expect(keep.statusCode).toBe(200);
  });

  it('25 changes at once: exactly five pass, twenty get 429, ten e-mails queued', async () => {
    const { user, client } = await verifiedMember('burst');
    const before = await outboxSize();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        client.put(
          `/api/users/${user.id}`,
          profileFormPayload({
            firstName: SPAM_FIRST,
            lastName: `${SPAM_LAST}${i}`,
            email: outside('burst'),
          }),
        ),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(EMAIL_CHANGES_PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - EMAIL_CHANGES_PER_HOUR);
    // One link to the new address and one notice to the old per change.
    expect(await outboxSize()).toBe(before + 2 * EMAIL_CHANGES_PER_HOUR);
  });

  it('the confirmation to the new address carries neither the first nor the last name', async () => {
    const { user, client } = await verifiedMember('named');
    const to = outside('named');
    const res = await client.put(
      `/api/users/${user.id}`,
      profileFormPayload({ firstName: SPAM_FIRST, lastName: SPAM_LAST, email: to }),
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await emailsTo(t, to);
    expect(mail.template).toBe('email-change-confirm');
    for (const body of [mail.textBody, mail.htmlBody, mail.subject]) {
      expect(body).not.toContain('Vinn');
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain(SPAM_LAST);
    }
    expect(mail.textBody).toContain('Hej!');
    // The member's own, verified address is told which address was given (its own mailbox, by name).
    const notice = (await lastEmail(t.db, user.email!, 'email-change-notice')).textBody;
    expect(notice).toContain(to);
    expect(notice).toContain(`Hej ${user.firstName}!`);
  });

  it("a notice to a current address nobody verified carries neither the requester's name nor the new address", async () => {
    const user = await buildUser(t.db, { email: `unproven-${++seq}@outside.example`, emailVerifiedAt: null });
    const client = await t.as(user);
    const to = `${SPAM_FIRST.replace(/\W+/g, '-').toLowerCase()}-${++seq}@evil.example`;
    const res = await client.put(
      `/api/users/${user.id}`,
      profileFormPayload({ firstName: SPAM_FIRST, lastName: SPAM_LAST, email: to }),
    );
    expect(res.statusCode).toBe(200);
    const notice = await lastEmail(t.db, user.email!, 'email-change-notice');
    for (const body of [notice.textBody, notice.htmlBody]) {
      expect(body).not.toContain('Vinn');
      expect(body).not.toContain('evil.example');
      expect(body).not.toContain(SPAM_LAST);
    }
    expect(notice.textBody).toContain('till en ny adress');
  });

  it('a sign-up, its resent link and a reset to an unproven address carry no name either', async () => {
    const email = outside('signup');
    const b = browser(t.app);
    const uid = await startLogin(b, 'signup');
    await b.go('POST', `/idp/interaction/${uid}/signup`, {
      acceptTerms: 'on',
      firstName: SPAM_FIRST,
      lastName: SPAM_LAST,
      email,
      password: 'putter2024s',
    });
    await b.go('POST', '/idp/resend', { email });
    await b.go('POST', '/idp/forgot', { email });
    const mails = await emailsTo(t, email);
    expect(mails.map((m) => m.template).sort()).toEqual(['password-reset', 'verify-email', 'verify-email']);
    for (const m of mails) {
      for (const body of [m.textBody, m.htmlBody, m.subject]) {
        expect(body, m.template).not.toContain('Vinn');
        expect(body, m.template).not.toContain('evil.example');
        expect(body, m.template).not.toContain(SPAM_LAST);
      }
    }
  });

  it(`at most ${EMAIL_CHANGES_PER_HOUR} changes to one address per hour, whoever asks`, async () => {
    const target = outside('target');
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i++) {
      const { user, client } = await verifiedMember(`per-target-${i}`);
      const res = await client.put(`/api/users/${user.id}`, profileFormPayload({ email: target }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const { user, client } = await verifiedMember('per-target-last');
    const before = await outboxSize();
    const res = await client.put(
      `/api/users/${user.id}`,
      profileFormPayload({ email: target.toUpperCase() }),
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: msg.emailChangeLimit });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxSize()).toBe(before);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.pendingEmail).toBeNull();
    const toTarget = await t.db
      .select({ n: count() })
      .from(outboundEmails)
      .where(sql`lower(${outboundEmails.recipient}) = ${target}`);
    expect(toTarget[0].n).toBe(EMAIL_CHANGES_PER_HOUR);
  });
});
