import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboundEmails, proWithdrawals, testSubscriptions, users } from '../db/schema';
import { buildUser } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { ProviderError } from './billing.provider';
import { billingProviderFor } from './billing.routes';

const DAY = 24 * 60 * 60 * 1000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** 'Ångra köpet': withdrawal from Pro within 14 days, in two steps, in the built-in test payment mode. */
describe('withdrawal from Pro', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const reload = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const withdrawals = (userId: string) =>
    t.db.select().from(proWithdrawals).where(eq(proWithdrawals.userId, userId));

  /** A member who bought Pro through the test checkout (the purchase time moved back by `daysAgo`). */
  async function buyer(daysAgo = 0, startImmediately = false) {
    const user = await buildUser(t.db);
    const client = await t.as(user);
    const res = await client.post('/api/create-pro-subscription');
    const sessionId = res.json().sessionId as string;
    // The /subscribe checkbox, ticked after the checkout was made (the page makes it on load).
    if (startImmediately) {
      const asked = await client.put('/api/billing/start-immediately', { startImmediately: true });
      expect(asked.json()).toEqual({ startImmediately: true });
    }
    expect(
      (await client.post(`/test-checkout/${sessionId}/pay`, 'cardNumber=4242+4242+4242+4242', form))
        .statusCode,
    ).toBe(303);
    const bought = await reload(user.id);
    expect(bought).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });
    expect(bought.proPurchasedAt).not.toBeNull();
    if (daysAgo) {
      await t.db
        .update(users)
        .set({ proPurchasedAt: new Date(Date.now() - daysAgo * DAY) })
        .where(eq(users.id, user.id));
    }
    return { user, client };
  }
  const confirm = (client: TestClient) => client.post('/api/billing/withdrawal', { confirm: true });

  it('answers 401 to a visitor on both routes', async () => {
    expect((await t.anon.get('/api/billing/withdrawal')).statusCode).toBe(401);
    expect((await t.anon.post('/api/billing/withdrawal', { confirm: true })).statusCode).toBe(401);
  });

  it('is not open to a member who never bought Pro', async () => {
    const client = await t.as(await buildUser(t.db));
    expect((await client.get('/api/billing/withdrawal')).json()).toMatchObject({
      eligible: false,
      deadline: null,
    });
    const res = await confirm(client);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(msg.withdrawalNotEligible);
  });

  it('shows the period and the refund; step one (no confirm) changes nothing', async () => {
    const { user, client } = await buyer(3);
    const status = (await client.get('/api/billing/withdrawal')).json();
    expect(status).toMatchObject({ eligible: true, refundAmount: 99, amountPaid: 99 });
    const bought = (await reload(user.id)).proPurchasedAt!.getTime();
    expect(Date.parse(status.deadline)).toBe(bought + 14 * DAY);
    for (const body of [undefined, {}, { confirm: false }]) {
      const res = await client.post('/api/billing/withdrawal', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: msg.withdrawalConfirmRequired,
        eligible: true,
        refundAmount: 99,
      });
    }
    expect(await reload(user.id)).toMatchObject({ membershipType: 'pro' });
    expect(await withdrawals(user.id)).toEqual([]);
  });

  it('step two ends Pro at once, refunds in full, e-mails a receipt and logs it; a second time 409', async () => {
    const { user, client } = await buyer(2);
    const res = await confirm(client);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refundAmount: 99 });
    expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: 'canceled' });
    const [row] = await withdrawals(user.id);
    expect(row).toMatchObject({ refundAmount: 99, providerRefundId: expect.stringMatching(/^re_test_/) });
    const subs = await t.db.select().from(testSubscriptions).where(eq(testSubscriptions.userId, user.id));
    expect(subs.map((s) => s.status)).toEqual(['canceled']);
    const [receipt] = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.recipient, user.email!), eq(outboundEmails.template, 'pro-withdrawal')));
    expect(receipt.subject).toBe('Kvitto: du har ångrat köpet av Pro');
    expect(receipt.textBody).toContain('99 kr av betalda 99 kr');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit.map((a) => a.action)).toContain('pro.withdrawal');

    expect((await confirm(client)).statusCode).toBe(409);
    expect((await client.get('/api/billing/withdrawal')).json().eligible).toBe(false);
  });

  it('keeps a proportionate amount only when the member asked Pro to start at once', async () => {
    const full = await buyer(3);
    expect((await full.client.get('/api/billing/withdrawal')).json().refundAmount).toBe(99);
    const { user, client } = await buyer(3, true);
    expect((await reload(user.id)).proStartedImmediately).toBe(true);
    const status = (await client.get('/api/billing/withdrawal')).json();
    expect(status.refundAmount).toBeLessThan(99);
    expect(status.refundAmount).toBeGreaterThan(80);
    expect((await confirm(client)).json().refundAmount).toBe(status.refundAmount);
  });

  it("records 'Pro börjar direkt' before a purchase only; each new checkout starts without it", async () => {
    expect((await t.anon.put('/api/billing/start-immediately', { startImmediately: true })).statusCode).toBe(
      401,
    );
    const member = await buildUser(t.db);
    const client = await t.as(member);
    for (const body of [{}, { startImmediately: 'ja' }, { startImmediately: true, extra: 1 }]) {
      expect((await client.put('/api/billing/start-immediately', body)).statusCode).toBe(400);
    }
    expect((await client.put('/api/billing/start-immediately', { startImmediately: true })).statusCode).toBe(
      200,
    );
    expect((await reload(member.id)).proStartedImmediately).toBe(true);
    await client.post('/api/create-pro-subscription');
    expect((await reload(member.id)).proStartedImmediately).toBe(false);
    const { client: pro } = await buyer(1);
    const late = await pro.put('/api/billing/start-immediately', { startImmediately: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(msg.startImmediatelyAfterPurchase);
  });

  it('is closed after 14 days', async () => {
    const { client } = await buyer(15);
    expect((await client.get('/api/billing/withdrawal')).json()).toMatchObject({ eligible: false });
    expect((await confirm(client)).statusCode).toBe(409);
  });

  it('leaves everything as it was when the payment provider fails (502)', async () => {
    const { user, client } = await buyer(1);
    const provider = billingProviderFor(t.app);
    const original = provider.cancelNow;
    provider.cancelNow = async () => {
      throw new ProviderError('down');
    };
    try {
      const res = await confirm(client);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(msg.withdrawalProviderFailed);
    } finally {
      provider.cancelNow = original;
    }
    expect(await reload(user.id)).toMatchObject({ membershipType: 'pro' });
    expect(await withdrawals(user.id)).toEqual([]);
    expect((await confirm(client)).statusCode).toBe(200);
  });

  itOnPostgres('makes one withdrawal and one refund of two confirms at once', async () => {
    const { user, client } = await buyer(1);
    const results = await Promise.all([confirm(client), confirm(client)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await withdrawals(user.id)).toHaveLength(1);
  });
});
