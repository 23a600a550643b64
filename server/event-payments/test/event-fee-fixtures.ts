import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { eventRegistrations, notifications, registrationRefunds } from '../../db/schema';
import { buildEvent, buildPro, buildRegistration } from '../../test/factories';
import { TEST_ORIGIN, type TestClient, type TestContext } from '../../test/test-app';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
export const GOOD_CARD = 'cardNumber=4242+4242+4242+4242';

/**
 * What the event-fee tests in the built-in test payment mode share: reading a registration, its
 * receipts and refunds back, a Pro member registered for an event paid online, a checkout and a
 * payment on the test page. `t` answers the file's test context (made in its beforeAll).
 */
export function eventFeeFixtures(t: () => TestContext) {
  const reload = async (id: number) =>
    (await t().db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0];
  const receipts = (userId: string) =>
    t()
      .db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_received')));
  const refundRows = (registrationId: number) =>
    t().db.select().from(registrationRefunds).where(eq(registrationRefunds.registrationId, registrationId));

  /** A Pro member registered for an event paid online (300 kr unless overridden). */
  async function registered(
    eventOver: Parameters<typeof buildEvent>[1] = {},
    regOver: Partial<typeof eventRegistrations.$inferInsert> = {},
  ) {
    const user = await buildPro(t().db);
    const event = await buildEvent(t().db, { payOnline: true, price: 300, ...eventOver });
    const reg = await buildRegistration(t().db, { eventId: event.id, userId: user.id, ...regOver });
    return { user, event, reg, client: await t().as(user) };
  }
  /** Starts checkout and answers the test session id from its URL. */
  async function checkout(client: TestClient, eventId: number) {
    const res = await client.post(`/api/events/${eventId}/checkout`);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().checkoutUrl;
    expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/test-checkout/cs_test_[0-9a-f]+$`));
    return url.slice(url.lastIndexOf('/') + 1);
  }
  async function pay(client: TestClient, sessionId: string, card = GOOD_CARD) {
    return client.post(`/test-checkout/${sessionId}/pay`, card, form);
  }
  return { reload, receipts, refundRows, registered, checkout, pay };
}
