import { msg } from '@common/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPasskey, builtInMember } from '../auth/passkeys/passkeys.test-helpers';
import {
  calendarFeeds,
  eventRegistrations,
  idpAccounts,
  images,
  messages,
  newsletterSubscribers,
  notifications,
  outboundEmails,
  pushSubscriptions,
  reports,
  testSubscriptions,
  userBlocks,
  users,
} from '../db/schema';
import { markSent } from '../email/outbox.queries';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

/** Every place in the database where one of the texts still stands: `table.column` per hit. */
async function findEverywhere(t: TestContext, needles: string[]): Promise<string[]> {
  const cols = (await t.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
  `)) as unknown as { rows: { table_name: string; column_name: string }[] };
  const hits: string[] = [];
  for (const { table_name, column_name } of cols.rows) {
    for (const needle of needles) {
      const res = (await t.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
      )) as unknown as { rows: { n: number }[] };
      if (res.rows[0].n > 0) hits.push(`${table_name}.${column_name}: ${needle}`);
    }
  }
  return hits;
}

/** DELETE /api/me: the account goes, its personal data with it; bookkeeping stays, anonymised. */
describe('deleting an account', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor and 400 without { confirm: true }, changing nothing', async () => {
    expect((await t.anon.delete('/api/me')).statusCode).toBe(401);
    const member = await buildUser(t.db);
    const client = await t.as(member);
    for (const body of [undefined, null, {}, { confirm: false }, { confirm: 'true' }]) {
      const res = await client.deleteWith('/api/me', body as never);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg.accountDeleteConfirmRequired);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row.deletedAt).toBeNull();
    expect(row.email).toBe(member.email);
  });

  it("leaves no personal data in any table; payments and messages stay as 'Borttagen medlem'", async () => {
    const m = await builtInMember(t);
    await addPasskey(m);
    // A name nobody else has, so a hit is the deleted member's.
    await t.db
      .update(users)
      .set({
        firstName: 'Ylvalisa',
        lastName: 'Raderasson',
        fullName: 'Ylvalisa Raderasson',
        golfId: '770101-123',
        club: 'Raderassons GK',
      })
      .where(eq(users.id, m.user.id));
    await t.db
      .update(idpAccounts)
      .set({ firstName: 'Ylvalisa', lastName: 'Raderasson' })
      .where(eq(idpAccounts.id, m.account.id));
    const email = m.user.email!;
    const other = await buildUser(t.db, { firstName: 'Kvar', lastName: 'Medlem' });
    const event = await buildEvent(t.db);
    const reg = await buildRegistration(t.db, {
      eventId: event.id,
      userId: m.user.id,
      dietaryPreferences: 'Ylvalisas nötallergi',
      dietaryConsentAt: new Date(),
      notes: 'Delar rum med Ylvalisa',
      paymentStatus: 'paid',
      amountPaid: 300,
      paidAt: new Date(),
    });
    await buildRegistration(t.db, { eventId: event.id, userId: other.id });
    const [fromHer] = await t.db
      .insert(messages)
      .values([
        { senderId: m.user.id, receiverId: other.id, content: 'Hej från mig' },
        { senderId: other.id, receiverId: m.user.id, content: 'Hej tillbaka' },
        { senderId: m.user.id, eventId: event.id, isGroupMessage: true, content: 'Ses på banan' },
      ])
      .returning();
    await t.db.insert(notifications).values([
      {
        userId: m.user.id,
        type: 'registration_confirmed',
        title: 'Anmälan bekräftad',
        body: 'Hej Ylvalisa',
        url: '/',
      },
      {
        userId: other.id,
        type: 'direct_message',
        title: 'Nytt meddelande från Ylvalisa Raderasson',
        body: 'Hej från mig',
        url: '/messages',
      },
    ]);
    await t.db
      .insert(pushSubscriptions)
      .values({ userId: m.user.id, endpoint: 'https://push.example/1', p256dh: 'k', auth: 'a' });
    await t.db.insert(calendarFeeds).values({ userId: m.user.id, token: 'feed-token-ylvalisa' } as never);
    await t.db.insert(userBlocks).values({ blockerId: other.id, blockedId: m.user.id });
    await t.db.insert(newsletterSubscribers).values({ email });
    await t.db.insert(reports).values({
      reporterId: other.id,
      targetType: 'user',
      targetId: m.user.id,
      targetUserId: m.user.id,
      reason: 'spam',
      snapshot: { name: 'Ylvalisa Raderasson', bio: 'text' },
    });
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await t.db.insert(images).values({
      originalData: png,
      thumbnailData: png,
      mimeType: 'image/png',
      originalSize: 8,
      thumbnailSize: 8,
      width: 1,
      height: 1,
      entityType: 'user',
      entityId: m.user.id,
      uploadedBy: m.user.id,
    });
    const needles = [email, 'Ylvalisa', 'Raderasson'];
    expect((await findEverywhere(t, needles)).length).toBeGreaterThan(5);

    const res = await m.client.deleteWith('/api/me', { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true, endedPro: false });

    // Logged out at once; the old login and the profile are gone; the address is free for a new account.
    expect((await m.client.get('/api/auth/user')).statusCode).toBe(401);
    expect(await t.db.select().from(idpAccounts).where(eq(idpAccounts.id, m.account.id))).toEqual([]);
    const asOther = await t.as(other);
    expect((await asOther.get(`/api/users/${m.user.id}`)).statusCode).toBe(404);
    const directory = (await asOther.get('/api/users?limit=100')).json() as { id: string }[];
    expect(directory.map((u) => u.id)).not.toContain(m.user.id);

    // Messages stay for the other member, from 'Borttagen medlem'; the payment stays, without her words.
    const thread = (await asOther.get(`/api/messages/${m.user.id}`)).json() as {
      id: number;
      sender: { fullName: string };
    }[];
    expect(thread.find((x) => x.id === fromHer.id)?.sender.fullName).toBe('Borttagen medlem');
    const [kept] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, reg.id));
    expect(kept).toMatchObject({
      amountPaid: 300,
      paymentStatus: 'paid',
      dietaryPreferences: null,
      notes: null,
      golfId: null,
    });

    // Only the confirmation e-mail still knows the address, until it has been sent.
    expect(await findEverywhere(t, needles)).toEqual(
      expect.arrayContaining([`outbound_emails.recipient: ${email}`]),
    );
    expect((await findEverywhere(t, needles)).every((h) => h.startsWith('outbound_emails.'))).toBe(true);
    const [confirmation] = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.template, 'account-deleted'));
    expect(confirmation.subject).toBe('Ditt konto på Singelgolf är borttaget');
    await t.db
      .update(outboundEmails)
      .set({ status: 'sending', attempts: 1 })
      .where(eq(outboundEmails.id, confirmation.id));
    expect(await markSent(t.db, confirmation.id, 1)).toBe(true);
    expect(await findEverywhere(t, needles)).toEqual([]);

    // Once deleted, deleting again finds no account.
    expect((await m.client.deleteWith('/api/me', { confirm: true })).statusCode).toBe(401);
  });

  it('ends a live Pro subscription at once with the provider; the address is free for a new account', async () => {
    const member = await buildUser(t.db, {
      firstName: 'Proffsina',
      lastName: 'Avslutsson',
      fullName: 'Proffsina Avslutsson',
      email: 'proffsina.avslut@example.se',
    });
    const client = await t.as(member);
    const checkout = await client.post('/api/create-pro-subscription');
    expect(
      (
        await client.post(
          `/test-checkout/${checkout.json().sessionId}/pay`,
          'cardNumber=4242+4242+4242+4242',
          { 'content-type': 'application/x-www-form-urlencoded' },
        )
      ).statusCode,
    ).toBe(303);
    const [pro] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(pro).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });

    const res = await client.deleteWith('/api/me', { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deleted: true, endedPro: true });
    const [sub] = await t.db
      .select()
      .from(testSubscriptions)
      .where(eq(testSubscriptions.id, pro.stripeSubscriptionId!));
    expect(sub.status).toBe('canceled');
    const [gone] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(gone).toMatchObject({ membershipType: 'free', email: null, firstName: 'Borttagen' });
    expect(gone.deletedAt).not.toBeNull();

    // Nothing but the unsent confirmation knows her; once sent, nothing at all (the provider's copy included).
    const needles = ['proffsina.avslut@example.se', 'Proffsina', 'Avslutsson'];
    expect((await findEverywhere(t, needles)).every((h) => h.startsWith('outbound_emails.'))).toBe(true);

    // The address can be used again: a new member with it is a different account.
    const again = await buildUser(t.db, { email: 'proffsina.avslut@example.se' });
    expect(again.id).not.toBe(member.id);
  });
});
