import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleBillingEvent } from '../billing/billing.sync';
import { createTestModeProvider } from '../billing/billing.test-mode';
import { eventRegistrations, notifications, testCheckoutSessions } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { eventFeeFixtures } from './test/event-fee-fixtures';

const HOUR = 60 * 60 * 1000;

describe('event fees in the built-in test payment mode (no Stripe key)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const { reload, receipts, refundRows, registered, checkout, pay } = eventFeeFixtures(() => t);

  describe('POST /api/events/{id}/checkout', () => {
    it('answers 401 to a visitor and 404 for an unknown event', async () => {
      const { event, client } = await registered();
      const anon = await t.anon.post(`/api/events/${event.id}/checkout`);
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: 'Du måste vara inloggad' });
      const unknown = await client.post('/api/events/999999/checkout');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Evenemanget hittades inte' });
    });

    it('answers 409 when the caller has no live registration', async () => {
      const event = await buildEvent(t.db, { payOnline: true, price: 300 });
      const client = await t.as(await buildPro(t.db));
      const res = await client.post(`/api/events/${event.id}/checkout`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Du är inte anmäld till detta evenemang' });
      // A cancelled registration is not a live one either.
      const { event: e2, client: c2 } = await registered(
        {},
        { status: 'cancelled', cancelledAt: new Date() },
      );
      expect((await c2.post(`/api/events/${e2.id}/checkout`)).json()).toEqual({
        message: 'Du är inte anmäld till detta evenemang',
      });
    });

    it('answers 409 when already paid', async () => {
      const { event, client } = await registered({}, { paymentStatus: 'paid' });
      const res = await client.post(`/api/events/${event.id}/checkout`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Anmälan är redan betald' });
    });

    it('answers 409 when the event is not paid online or costs nothing', async () => {
      for (const over of [{ payOnline: false }, { price: 0 }]) {
        const { event, client } = await registered(over);
        const res = await client.post(`/api/events/${event.id}/checkout`);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: 'Avgiften för detta evenemang betalas inte på sajten' });
      }
    });

    it('answers 409 for a waitlisted registration and makes no session', async () => {
      const { user, event, client } = await registered({}, { status: 'waitlisted' });
      const res = await client.post(`/api/events/${event.id}/checkout`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Det finns inget att betala för denna anmälan' });
      const sessions = await t.db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.userId, user.id));
      expect(sessions).toHaveLength(0);
    });

    it('answers 409 for an offer that has run out', async () => {
      const { event, client } = await registered(
        { waitlistMode: 'offer' },
        { status: 'offered', offerExpiresAt: new Date(Date.now() - HOUR) },
      );
      const res = await client.post(`/api/events/${event.id}/checkout`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Erbjudandet har gått ut' });
    });

    it("makes a payment-mode test session for the event's price", async () => {
      const { user, event, reg, client } = await registered({ price: 450 });
      const sessionId = await checkout(client, event.id);
      const [row] = await t.db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, sessionId));
      expect(row).toMatchObject({
        userId: user.id,
        mode: 'payment',
        registrationId: reg.id,
        amount: 450,
        status: 'open',
        paymentStatus: 'unpaid',
        paymentIntentId: null,
      });
    });
  });

  describe('paying on the test page', () => {
    it('shows the event and its amount, declines the test card 4000 0000 0000 0002 and changes nothing', async () => {
      const { user, event, reg, client } = await registered({ title: 'Vårgolf på Bro Hof', price: 350 });
      const sessionId = await checkout(client, event.id);
      const page = await client.get(`/test-checkout/${sessionId}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('TESTBETALNING');
      expect(page.body).toContain('<h1>Vårgolf på Bro Hof</h1>');
      expect(page.body).toContain('Betala 350 kr');
      expect(page.body).not.toContain('Pro-medlemskap');
      expect(page.body).toContain(`href="${TEST_ORIGIN}/events/${event.id}?payment=cancelled"`);

      const declined = await pay(client, sessionId, 'cardNumber=4000+0000+0000+0002');
      expect(declined.statusCode).toBe(402);
      expect(declined.body).toContain('Kortet nekades. Försök med ett annat kort.');
      expect(declined.body).toContain('Betala 350 kr');
      expect(await reload(reg.id)).toMatchObject({ paymentStatus: 'pending', amountPaid: 0, paidAt: null });
      expect(await receipts(user.id)).toHaveLength(0);
      const confirm = await client.post(`/api/events/${event.id}/checkout/confirm`, { sessionId });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json()).toEqual({ message: 'Betalningen är inte genomförd' });
    });

    it("does not show or pay another member's session", async () => {
      const { event, client } = await registered();
      const sessionId = await checkout(client, event.id);
      const other = await t.as(await buildUser(t.db));
      expect((await other.get(`/test-checkout/${sessionId}`)).statusCode).toBe(404);
      expect((await pay(other, sessionId)).statusCode).toBe(404);
    });

    it('pays: the registration is paid once, the member gets one receipt, the return page agrees', async () => {
      const { user, event, reg, client } = await registered({ title: 'Höstgolf', price: 300 });
      const sessionId = await checkout(client, event.id);
      const paid = await pay(client, sessionId);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(
        `${TEST_ORIGIN}/events/${event.id}?payment=success&session_id=${sessionId}`,
      );

      // The in-process checkout.session.completed already recorded the payment.
      const row = await reload(reg.id);
      expect(row).toMatchObject({
        status: 'registered',
        paymentStatus: 'paid',
        amountPaid: 300,
        amountRefunded: 0,
      });
      expect(row.paidAt).toBeInstanceOf(Date);
      expect(row.paymentIntentId).toMatch(/^pi_test_/);
      const [session] = await t.db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, sessionId));
      expect(session).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
      expect(row.paymentIntentId).toBe(session.paymentIntentId);
      const notices = await receipts(user.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        title: 'Betalning mottagen',
        body: 'Tack! Din betalning för Höstgolf är registrerad.',
        url: `/events/${event.id}`,
      });

      // The return page, twice: the same answer and nothing more written.
      for (let i = 0; i < 2; i++) {
        const res = await client.post(`/api/events/${event.id}/checkout/confirm`, { sessionId });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id: reg.id,
          status: 'registered',
          paymentStatus: 'paid',
          amountPaid: 300,
          amountRefunded: 0,
          canPay: false,
        });
      }
      expect(await receipts(user.id)).toHaveLength(1);
      expect((await reload(reg.id)).paidAt).toEqual(row.paidAt);

      // Paying the same session again is a no-op back to the event's page; a new checkout is refused.
      const again = await pay(client, sessionId);
      expect(again.statusCode).toBe(303);
      expect((await client.get(`/test-checkout/${sessionId}`)).headers.location).toBe(
        `${TEST_ORIGIN}/events/${event.id}?payment=success&session_id=${sessionId}`,
      );
      expect((await client.post(`/api/events/${event.id}/checkout`)).json()).toEqual({
        message: 'Anmälan är redan betald',
      });
      expect(await receipts(user.id)).toHaveLength(1);
    });

    it('handles a delivered event once per id, and a second delivery of the same session changes nothing', async () => {
      const { user, event, reg, client } = await registered();
      const sessionId = await checkout(client, event.id);
      await pay(client, sessionId);
      const before = await reload(reg.id);
      const provider = createTestModeProvider(t.db, TEST_ORIGIN);
      const session = (await provider.retrieveCheckoutSession(sessionId))!;
      expect(session).toMatchObject({
        mode: 'payment',
        paymentStatus: 'paid',
        amountTotal: 300,
        paymentIntentId: before.paymentIntentId,
        metadata: {
          kind: 'event_fee',
          registrationId: String(reg.id),
          eventId: String(event.id),
          userId: user.id,
        },
      });
      const delivery = {
        id: `evt_test_again_${reg.id}`,
        type: 'checkout.session.completed' as const,
        session,
      };
      expect(await handleBillingEvent(t.db, provider, delivery)).toBe('processed');
      expect(await handleBillingEvent(t.db, provider, delivery)).toBe('duplicate');
      expect(await reload(reg.id)).toEqual(before);
      expect(await receipts(user.id)).toHaveLength(1);
    });

    it('records a payment whose registration was cancelled meanwhile, for an admin to refund', async () => {
      const { event, reg, client } = await registered();
      const sessionId = await checkout(client, event.id);
      expect((await client.delete(`/api/events/${event.id}/register`)).statusCode).toBe(200);
      expect((await pay(client, sessionId)).statusCode).toBe(303);
      const row = await reload(reg.id);
      expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', amountPaid: 300 });
      expect(row.paymentIntentId).toMatch(/^pi_test_/);

      const admin = await t.as(await buildAdmin(t.db));
      const refunded = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 300 });
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json()).toMatchObject({
        paymentStatus: 'refunded',
        amountPaid: 300,
        amountRefunded: 300,
      });
    });
  });

  describe('paying while offered a place', () => {
    it('accepts the offer', async () => {
      const { user, event, reg, client } = await registered(
        { waitlistMode: 'offer' },
        { status: 'offered', offerExpiresAt: new Date(Date.now() + 12 * HOUR) },
      );
      const sessionId = await checkout(client, event.id);
      expect((await pay(client, sessionId)).statusCode).toBe(303);
      expect(await reload(reg.id)).toMatchObject({
        status: 'registered',
        offerExpiresAt: null,
        paymentStatus: 'paid',
        amountPaid: 300,
        amountRefunded: 0,
      });
      expect(await refundRows(reg.id)).toHaveLength(0);
      const promoted = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'promoted')));
      expect(promoted.length).toBeGreaterThan(0);
    });

    it('refunds the whole payment automatically when the offer lapsed while paying', async () => {
      const { event, reg, client } = await registered(
        { waitlistMode: 'offer' },
        { status: 'offered', offerExpiresAt: new Date(Date.now() + 12 * HOUR) },
      );
      const sessionId = await checkout(client, event.id);
      // The member took too long at the checkout.
      await t.db
        .update(eventRegistrations)
        .set({ offerExpiresAt: new Date(Date.now() - HOUR) })
        .where(eq(eventRegistrations.id, reg.id));
      expect((await pay(client, sessionId)).statusCode).toBe(303);
      const row = await reload(reg.id);
      expect(row).toMatchObject({
        status: 'offered',
        paymentStatus: 'refunded',
        amountPaid: 300,
        amountRefunded: 300,
      });
      const refunds = await refundRows(reg.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amount: 300, createdBy: null });
      expect(refunds[0].providerRefundId).toMatch(/^re_test_/);
      // The return page settles the same session again: still one refund.
      const confirm = await client.post(`/api/events/${event.id}/checkout/confirm`, { sessionId });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 300 });
      expect(await refundRows(reg.id)).toHaveLength(1);
    });
  });
});
