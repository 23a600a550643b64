import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('payment and membership notices', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const noticesOf = (userId: string) =>
    t.db
      .select({ type: notifications.type, title: notifications.title, url: notifications.url })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.type, ['payment_received', 'subscription_changed']),
        ),
      )
      .orderBy(notifications.createdAt);

  it('gives a paying member a receipt and a Pro notice, once each, and nobody else any', async () => {
    const user = await buildUser(t.db);
    const bystander = await buildUser(t.db);
    const client = await t.as(user);
    const start = await client.post('/api/create-pro-subscription');
    expect(start.statusCode).toBe(200);
    const { sessionId } = start.json();
    const paid = await client.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242+4242+4242+4242', form);
    expect(paid.statusCode).toBe(303);
    // Verifying the session again re-applies the same state: no further notice.
    await client.post('/api/verify-stripe-session', { sessionId });

    const rows = await noticesOf(user.id);
    expect(rows.filter((r) => r.type === 'payment_received')).toEqual([
      { type: 'payment_received', title: 'Betalning mottagen', url: '/subscription' },
    ]);
    expect(rows.filter((r) => r.type === 'subscription_changed')).toEqual([
      { type: 'subscription_changed', title: 'Välkommen som Pro-medlem', url: '/subscription' },
    ]);
    expect(await noticesOf(bystander.id)).toEqual([]);

    // Cancelling at the period's end is a change of membership too.
    expect((await client.post('/api/cancel-subscription')).statusCode).toBe(200);
    const after = await noticesOf(user.id);
    expect(after.map((r) => r.title)).toContain('Ditt Pro-medlemskap är uppsagt');
  });

  it('tells a member when an admin changes their membership', async () => {
    const admin = await t.as(await buildAdmin(t.db));
    const member = await buildUser(t.db);
    const res = await admin.post(`/api/admin/users/${member.id}/membership`, { membershipType: 'pro' });
    expect(res.statusCode).toBe(200);
    expect(await noticesOf(member.id)).toEqual([
      { type: 'subscription_changed', title: 'Välkommen som Pro-medlem', url: '/subscription' },
    ]);
    await admin.post(`/api/admin/users/${member.id}/membership`, { membershipType: 'free' });
    expect((await noticesOf(member.id)).map((r) => r.title)).toEqual([
      'Välkommen som Pro-medlem',
      'Ditt Pro-medlemskap har upphört',
    ]);
  });

  it('gives a receipt when an admin marks an event registration paid, once, and nobody else one', async () => {
    const admin = await t.as(await buildAdmin(t.db));
    const member = await buildUser(t.db);
    const other = await buildUser(t.db);
    const event = await buildEvent(t.db, { title: 'Vårresa till Båstad' });
    const reg = await buildRegistration(t.db, { eventId: event.id, userId: member.id });
    await buildRegistration(t.db, { eventId: event.id, userId: other.id });
    const url = `/api/registrations/${reg.id}/payment`;
    expect((await admin.put(url, { paymentStatus: 'paid' })).statusCode).toBe(200);
    // Paid again (no change) and back to pending: no further receipt.
    expect((await admin.put(url, { paymentStatus: 'paid' })).statusCode).toBe(200);
    expect((await admin.put(url, { paymentStatus: 'pending' })).statusCode).toBe(200);
    expect(await noticesOf(member.id)).toEqual([
      { type: 'payment_received', title: 'Betalning mottagen', url: `/events/${event.id}` },
    ]);
    expect(await noticesOf(other.id)).toEqual([]);
  });
});
