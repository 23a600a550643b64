import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useStripeContext, WEBHOOK_SECRET } from '../billing/test/stripe-context';
import type { StripeStandIn } from '../billing/test/stripe-stand-in';
import {
  eventRegistrations,
  events,
  notifications,
  processedWebhookEvents,
  registrationRefunds,
} from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import type { TestContext } from '../test/test-app';
import { whileRowLocked } from './test/row-lock';

const HOUR = 60 * 60 * 1000;

describe('event fees with Stripe (SDK against a local stand-in)', () => {
  const { ctx, webhook } = useStripeContext();
  let t: TestContext;
  let stripe: StripeStandIn;
  beforeAll(() => {
    ({ t, stripe } = ctx);
  });

  const reload = async (id: number) =>
    (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0];
  const receipts = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_received')));
  const refundRows = (registrationId: number) =>
    t.db.select().from(registrationRefunds).where(eq(registrationRefunds.registrationId, registrationId));
  const signed = (type: string, sessionId: string, secret = WEBHOOK_SECRET) =>
    stripe.signedEvent(type, { ...stripe.sessions.get(sessionId) }, secret);

  /** A Pro member registered for a 300 kr event paid online, with a Stripe checkout session started. */
  async function checkedOut(regOver: Partial<typeof eventRegistrations.$inferInsert> = {}) {
    const user = await buildPro(t.db);
    const event = await buildEvent(t.db, { payOnline: true, price: 300, title: 'Sommargolf i Båstad' });
    const reg = await buildRegistration(t.db, { eventId: event.id, userId: user.id, ...regOver });
    const client = await t.as(user);
    const res = await client.post(`/api/events/${event.id}/checkout`);
    expect(res.statusCode).toBe(200);
    const session = [...stripe.sessions.values()].find((s) => res.json().checkoutUrl === s.url)!;
    expect(session).toBeDefined();
    return { user, event, reg, client, session };
  }
  async function paid(regOver: Partial<typeof eventRegistrations.$inferInsert> = {}) {
    const c = await checkedOut(regOver);
    const pi = stripe.completePaymentSession(c.session.id);
    const res = await webhook(signed('checkout.session.completed', c.session.id));
    expect(res.json()).toEqual({ received: true, result: 'processed' });
    return { ...c, pi };
  }

  it('creates a payment-mode checkout in SEK for card and Swish with what the payment is for', async () => {
    const { user, event, reg, session } = await checkedOut();
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const form = stripe.sessionRequests.at(-1)!;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('currency')).toBe('sek');
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(form.get('allowed_payment_method_types[1]')).toBe('swish');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('30000');
    expect(form.get('line_items[0][price_data][currency]')).toBe('sek');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Sommargolf i Båstad');
    expect(form.get('client_reference_id')).toBe(user.id);
    expect(form.get('customer_email')).toBe(user.email);
    for (const prefix of ['metadata', 'payment_intent_data[metadata]']) {
      expect(form.get(`${prefix}[registrationId]`)).toBe(String(reg.id));
      expect(form.get(`${prefix}[eventId]`)).toBe(String(event.id));
      expect(form.get(`${prefix}[userId]`)).toBe(user.id);
      expect(form.get(`${prefix}[kind]`)).toBe('event_fee');
    }
    expect(form.get('success_url')).toBe(
      `http://localhost:5000/events/${event.id}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(form.get('cancel_url')).toBe(`http://localhost:5000/events/${event.id}?payment=cancelled`);
    expect(form.get('customer')).toBeNull();
    expect(form.get('payment_method_types[0]')).toBeNull();
  });

  it('answers 502 in Swedish when Stripe refuses to start the checkout', async () => {
    const user = await buildPro(t.db);
    // Stripe's minimum charge in SEK is 3 kr; a 1 kr event fee is refused.
    const event = await buildEvent(t.db, { payOnline: true, price: 1 });
    await buildRegistration(t.db, { eventId: event.id, userId: user.id });
    const res = await (await t.as(user)).post(`/api/events/${event.id}/checkout`);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'Betalningen kunde inte startas just nu. Försök igen om en stund.',
    });
    expect(stripe.sessionRequests.at(-1)!.get('line_items[0][price_data][unit_amount]')).toBe('100');
  });

  describe('webhook', () => {
    it('refuses a wrong signature with 400 and changes nothing', async () => {
      const { user, reg, session } = await checkedOut();
      stripe.completePaymentSession(session.id);
      const e = signed('checkout.session.completed', session.id, 'whsec_wrong');
      const res = await webhook(e);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Ogiltig signatur' });
      expect(await reload(reg.id)).toMatchObject({ paymentStatus: 'pending', amountPaid: 0 });
      expect(await receipts(user.id)).toHaveLength(0);
      const stored = await t.db
        .select()
        .from(processedWebhookEvents)
        .where(eq(processedWebhookEvents.id, e.id));
      expect(stored).toHaveLength(0);
    });

    it('marks the registration paid from checkout.session.completed, once per event id', async () => {
      const { user, reg, session } = await checkedOut();
      const pi = stripe.completePaymentSession(session.id);
      const e = signed('checkout.session.completed', session.id);
      expect((await webhook(e)).json()).toEqual({ received: true, result: 'processed' });
      const row = await reload(reg.id);
      expect(row).toMatchObject({
        paymentStatus: 'paid',
        amountPaid: 300,
        amountRefunded: 0,
        paymentIntentId: pi.id,
      });
      expect(row.paidAt).toBeInstanceOf(Date);
      expect(await receipts(user.id)).toHaveLength(1);

      // The same event again (Stripe retries): a duplicate that changes nothing, even after a hand edit.
      await t.db
        .update(eventRegistrations)
        .set({ paymentStatus: 'pending' })
        .where(eq(eventRegistrations.id, reg.id));
      const again = await webhook(e);
      expect(again.statusCode).toBe(200);
      expect(again.json().result).toBe('duplicate');
      expect((await reload(reg.id)).paymentStatus).toBe('pending');
      expect(await receipts(user.id)).toHaveLength(1);
    });

    it('reads the session back from Stripe instead of trusting the event body', async () => {
      const { user, reg, session } = await checkedOut();
      // A forged body that claims payment, signed correctly, about a session Stripe has as unpaid.
      const forged = stripe.signedEvent(
        'checkout.session.completed',
        {
          ...session,
          status: 'complete',
          payment_status: 'paid',
          payment_intent: 'pi_forged',
          amount_total: 100,
        },
        WEBHOOK_SECRET,
      );
      expect((await webhook(forged)).json()).toEqual({ received: true, result: 'ignored' });
      expect(await reload(reg.id)).toMatchObject({
        paymentStatus: 'pending',
        amountPaid: 0,
        paymentIntentId: null,
      });
      expect(await receipts(user.id)).toHaveLength(0);
    });

    it('waits for async_payment_succeeded when the payment settles later', async () => {
      const { reg, session } = await checkedOut();
      stripe.completePaymentSession(session.id, { settled: false });
      expect((await webhook(signed('checkout.session.completed', session.id))).json().result).toBe('ignored');
      expect((await reload(reg.id)).paymentStatus).toBe('pending');
      stripe.settlePayment(session.id);
      expect(
        (await webhook(signed('checkout.session.async_payment_succeeded', session.id))).json().result,
      ).toBe('processed');
      expect(await reload(reg.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: 300 });
    });

    it('ends with one payment when the return page comes before the webhook', async () => {
      const { user, event, reg, client, session } = await checkedOut();
      const pi = stripe.completePaymentSession(session.id);
      const confirm = await client.post(`/api/events/${event.id}/checkout/confirm`, {
        sessionId: session.id,
      });
      expect(confirm.statusCode).toBe(200);
      expect(confirm.json()).toMatchObject({
        id: reg.id,
        paymentStatus: 'paid',
        amountPaid: 300,
        canPay: false,
      });
      const first = await reload(reg.id);

      const completed = await webhook(signed('checkout.session.completed', session.id));
      expect(completed.json()).toEqual({ received: true, result: 'processed' });
      expect(await reload(reg.id)).toEqual(first);
      expect(first.paymentIntentId).toBe(pi.id);
      expect(await receipts(user.id)).toHaveLength(1);
      expect(stripe.refundRequests.filter((r) => r.form.get('payment_intent') === pi.id)).toHaveLength(0);
    });

    it('refunds a second payment of an already paid registration in full, once', async () => {
      const { user, event, reg, client, session } = await checkedOut();
      // Two tabs: a second session before the first was paid.
      const second = await client.post(`/api/events/${event.id}/checkout`);
      const otherSession = [...stripe.sessions.values()].find((s) => s.url === second.json().checkoutUrl)!;
      const firstPi = stripe.completePaymentSession(session.id);
      const secondPi = stripe.completePaymentSession(otherSession.id);
      await webhook(signed('checkout.session.completed', session.id));
      const dup = signed('checkout.session.completed', otherSession.id);
      expect((await webhook(dup)).json().result).toBe('processed');
      expect(await reload(reg.id)).toMatchObject({
        paymentIntentId: firstPi.id,
        amountPaid: 300,
        amountRefunded: 0,
      });
      const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === secondPi.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0].amount).toBe(30000);
      // The return page of the second session settles it again: the same refund, no new one.
      await client.post(`/api/events/${event.id}/checkout/confirm`, { sessionId: otherSession.id });
      expect([...stripe.refunds.values()].filter((r) => r.payment_intent === secondPi.id)).toHaveLength(1);
      expect(await receipts(user.id)).toHaveLength(1);
    });

    it('refunds in full a payment whose event (and registration) was deleted meanwhile', async () => {
      const { event, reg, session } = await checkedOut();
      await t.db.delete(events).where(eq(events.id, event.id));
      const pi = stripe.completePaymentSession(session.id);
      const e = signed('checkout.session.completed', session.id);
      expect((await webhook(e)).json().result).toBe('processed');
      expect(await reload(reg.id)).toBeUndefined();
      expect([...stripe.refunds.values()].filter((r) => r.payment_intent === pi.id)).toEqual([
        expect.objectContaining({ amount: 30000 }),
      ]);
      expect(pi.refunded).toBe(30000);
    });
  });

  describe('POST /api/events/{id}/checkout/confirm', () => {
    it('answers 401, 400, 404 (unknown or another event), 403 (another member) and 409 (unpaid)', async () => {
      const { event, client, session, reg } = await checkedOut();
      const url = `/api/events/${event.id}/checkout/confirm`;
      expect((await t.anon.post(url, { sessionId: session.id })).statusCode).toBe(401);
      const blank = await client.post(url, { sessionId: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Betalningssessionen saknas');
      const unknown = await client.post(url, { sessionId: 'cs_test_unknown' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Betalningssessionen hittades inte' });
      const unpaid = await client.post(url, { sessionId: session.id });
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json()).toEqual({ message: 'Betalningen är inte genomförd' });

      stripe.completePaymentSession(session.id);
      const other = await t.as(await buildPro(t.db));
      const foreign = await other.post(url, { sessionId: session.id });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ message: 'Betalningssessionen tillhör en annan medlem' });
      const otherEvent = await buildEvent(t.db);
      const wrongEvent = await client.post(`/api/events/${otherEvent.id}/checkout/confirm`, {
        sessionId: session.id,
      });
      expect(wrongEvent.statusCode).toBe(404);
      // A Pro subscription's session is not an event fee.
      const pro = await (await t.as(await buildUser(t.db))).post('/api/create-pro-subscription');
      expect(pro.statusCode).toBe(200);
      const proSession = await client.post(url, { sessionId: pro.json().sessionId });
      expect(proSession.statusCode).toBe(404);
      expect((await reload(reg.id)).paymentStatus).toBe('pending');
    });
  });

  describe('paying while offered a place', () => {
    it('refunds the payment at Stripe when the offer lapsed, recorded as the system', async () => {
      const { reg, session } = await checkedOut({
        status: 'offered',
        offerExpiresAt: new Date(Date.now() + HOUR),
      });
      await t.db
        .update(eventRegistrations)
        .set({ offerExpiresAt: new Date(Date.now() - HOUR) })
        .where(eq(eventRegistrations.id, reg.id));
      const pi = stripe.completePaymentSession(session.id);
      expect((await webhook(signed('checkout.session.completed', session.id))).json().result).toBe(
        'processed',
      );
      expect(await reload(reg.id)).toMatchObject({
        paymentStatus: 'refunded',
        amountPaid: 300,
        amountRefunded: 300,
      });
      const [row] = await refundRows(reg.id);
      const stripeRefund = stripe.refunds.get(row.providerRefundId!)!;
      expect(stripeRefund).toMatchObject({ payment_intent: pi.id, amount: 30000 });
      expect(row).toMatchObject({ amount: 300, createdBy: null });
    });
  });

  describe('POST /api/registrations/{id}/refund', () => {
    it('refunds at Stripe in öre with an idempotency key, partly then fully', async () => {
      const { reg, pi } = await paid();
      const admin = await t.as(await buildAdmin(t.db));
      const first = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 120 });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ paymentStatus: 'paid', amountRefunded: 120 });
      const req = stripe.refundRequests.at(-1)!;
      expect(req.form.get('payment_intent')).toBe(pi.id);
      expect(req.form.get('amount')).toBe('12000');
      expect(req.idempotencyKey).toMatch(new RegExp(`^refund-${pi.id}-\\d+$`));

      const second = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 180 });
      expect(second.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 300 });
      expect(pi.refunded).toBe(30000);
      const rows = await refundRows(reg.id);
      expect(rows.map((r) => r.amount)).toEqual([120, 180]);
      expect(rows.map((r) => stripe.refunds.get(r.providerRefundId!)?.amount)).toEqual([12000, 18000]);
    });

    itOnPostgres('never refunds more than was paid when refunds run at once', async () => {
      const { reg, pi } = await paid();
      const admin = await t.as(await buildAdmin(t.db));
      const before = stripe.refundRequests.length;
      // All three wait at the registration's row, then go at once.
      const results = await whileRowLocked(t.db, reg.id, 3, () =>
        Promise.all(
          [250, 250, 250].map((amount) => admin.post(`/api/registrations/${reg.id}/refund`, { amount })),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      for (const refused of results.filter((r) => r.statusCode === 400)) {
        expect(refused.json()).toEqual({ message: 'Beloppet är större än det som går att återbetala' });
      }
      expect((await reload(reg.id)).amountRefunded).toBe(250);
      expect(await refundRows(reg.id)).toHaveLength(1);
      // Only the one that passed the check reached Stripe.
      expect(stripe.refundRequests.length).toBe(before + 1);
      expect(pi.refunded).toBe(25000);
    });

    it('answers 502 and records nothing when Stripe refuses the refund', async () => {
      const { reg, pi } = await paid();
      const admin = await t.as(await buildAdmin(t.db));
      stripe.refundFailure = 'The charge has been disputed';
      try {
        const res = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 300 });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({
          message:
            'Återbetalningen kunde inte genomföras hos betalleverantören. Inget har ändrats – försök igen senare.',
        });
      } finally {
        stripe.refundFailure = null;
      }
      expect(await reload(reg.id)).toMatchObject({
        paymentStatus: 'paid',
        amountPaid: 300,
        amountRefunded: 0,
      });
      expect(await refundRows(reg.id)).toHaveLength(0);
      expect(pi.refunded).toBe(0);
      // And it works once Stripe does.
      const ok = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 300 });
      expect(ok.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 300 });
    });
  });
});
