import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { eventRegistrations, testCheckoutSessions, users } from '../db/schema';
import { buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';

const DISABLED = { message: 'Betalningar är inte aktiverade' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const TEST_CARD = 'cardNumber=4242+4242+4242+4242';

/**
 * Issue 28: without Stripe keys the test payment mode granted Pro for the test card in production.
 * Payments fail closed: in production the test mode needs PAYMENTS_TEST_MODE=true (and warns).
 */
describe('payments in production without Stripe keys', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-payments-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('and without PAYMENTS_TEST_MODE: every payment route answers 503', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext({ NODE_ENV: 'production', DATA_DIR: dataDir });
    });
    afterAll(() => t.close());

    const reload = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

    it('refuses a Pro checkout, hosted and on /subscribe, and the confirmation of one', async () => {
      const user = await buildUser(t.db);
      const client = await t.as(user);
      for (const url of ['/api/create-pro-subscription', '/api/create-pro-subscription?ui=embedded']) {
        const res = await client.post(url);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual(DISABLED);
      }
      const verify = await client.post('/api/verify-stripe-session', { sessionId: 'cs_test_x' });
      expect(verify.statusCode).toBe(503);
      expect(verify.json()).toEqual(DISABLED);
      expect(await t.db.$count(testCheckoutSessions, eq(testCheckoutSessions.userId, user.id))).toBe(0);
      expect(await reload(user.id)).toMatchObject({ membershipType: 'free', stripeCustomerId: null });
    });

    it('grants no Pro through the test checkout page, even for a test session left from before', async () => {
      const user = await buildUser(t.db);
      const client = await t.as(user);
      // A session the test mode made while it ran (or one an attacker hopes for): it cannot be paid now.
      const id = 'cs_test_left_from_before';
      await t.db
        .insert(testCheckoutSessions)
        .values({ id, userId: user.id, customerId: 'cus_test_x', amount: 99 });
      const page = await client.get(`/test-checkout/${id}`);
      expect(page.statusCode).toBe(503);
      expect(page.json()).toEqual(DISABLED);
      const paid = await client.post(`/test-checkout/${id}/pay`, TEST_CARD, form);
      expect(paid.statusCode).toBe(503);
      expect(paid.json()).toEqual(DISABLED);
      const verify = await client.post('/api/verify-stripe-session', { sessionId: id });
      expect(verify.statusCode).toBe(503);
      expect(await reload(user.id)).toMatchObject({ membershipType: 'free', subscriptionStatus: null });
      const [session] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
      expect(session.status).toBe('open');
    });

    it('refuses paying an event fee online and confirming one', async () => {
      const user = await buildPro(t.db);
      const event = await buildEvent(t.db, { payOnline: true, price: 300 });
      const reg = await buildRegistration(t.db, { eventId: event.id, userId: user.id });
      const client = await t.as(user);
      const checkout = await client.post(`/api/events/${event.id}/checkout`);
      expect(checkout.statusCode).toBe(503);
      expect(checkout.json()).toEqual(DISABLED);
      const confirm = await client.post(`/api/events/${event.id}/checkout/confirm`, {
        sessionId: 'cs_test_y',
      });
      expect(confirm.statusCode).toBe(503);
      expect(confirm.json()).toEqual(DISABLED);
      const [row] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, reg.id));
      expect(row.paymentStatus).not.toBe('paid');
      expect(await t.db.$count(testCheckoutSessions, eq(testCheckoutSessions.userId, user.id))).toBe(0);
    });

    it('has no billing clock of the test mode', async () => {
      const res = await t.anon.post('/api/test-billing/advance', { days: 40 });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('and with PAYMENTS_TEST_MODE=true: the test mode runs, with a warning', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext({ NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true', DATA_DIR: dataDir });
    });
    afterAll(() => t.close());

    it('goes from checkout through the test page to Pro', async () => {
      const user = await buildUser(t.db);
      const client = await t.as(user);
      const start = await client.post('/api/create-pro-subscription');
      expect(start.statusCode).toBe(200);
      expect(start.json()).toMatchObject({ success: true, mode: 'test' });
      const { sessionId } = start.json();
      const paid = await client.post(`/test-checkout/${sessionId}/pay`, TEST_CARD, form);
      expect(paid.statusCode).toBe(303);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ membershipType: 'pro', subscriptionStatus: 'active' });
    });

    it('warns at start that anyone can pay with the test card', async () => {
      const lines: { level: number; msg: string }[] = [];
      const database = await createTestDatabase();
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: 'production',
          PAYMENTS_TEST_MODE: 'true',
          PUBLIC_URL: TEST_ORIGIN,
          DATA_DIR: dataDir,
          SESSION_SECRET: 'payments-test-session-secret-0123456789-abc',
        }),
        database,
        logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      });
      try {
        await app.ready();
        const warning = lines.find((l) => l.level === 40 && l.msg.startsWith('PAYMENTS_TEST_MODE=true'));
        expect(warning?.msg).toContain('4242 4242 4242 4242');
      } finally {
        await app.close();
        await database.close();
      }
    });
  });
});
