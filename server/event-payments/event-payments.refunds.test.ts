import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import { createTestContext, type TestContext } from '../test/test-app';
import { eventFeeFixtures } from './test/event-fee-fixtures';
import { whileRowLocked } from './test/row-lock';

/** Admins' refunds of event fees paid online, in the built-in test payment mode. */
describe('event fee refunds in the built-in test payment mode', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());
  const { reload, refundRows, registered, checkout, pay } = eventFeeFixtures(() => t);

  describe('refunds', () => {
    async function paidRegistration(price = 300) {
      const ctx = await registered({ price });
      await pay(ctx.client, await checkout(ctx.client, ctx.event.id));
      expect((await reload(ctx.reg.id)).paymentStatus).toBe('paid');
      return ctx;
    }

    it('are for admins only (401, 403) and 404 for an unknown registration', async () => {
      const { reg, client } = await paidRegistration();
      expect((await t.anon.post(`/api/registrations/${reg.id}/refund`, { amount: 100 })).statusCode).toBe(
        401,
      );
      const own = await client.post(`/api/registrations/${reg.id}/refund`, { amount: 100 });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ message: 'Du har inte behörighet för detta' });
      expect((await client.get(`/api/registrations/${reg.id}/refunds`)).statusCode).toBe(403);
      expect((await t.anon.get(`/api/registrations/${reg.id}/refunds`)).statusCode).toBe(401);
      const admin = await t.as(await buildAdmin(t.db));
      expect((await admin.post('/api/registrations/999999/refund', { amount: 100 })).statusCode).toBe(404);
      expect((await admin.get('/api/registrations/999999/refunds')).statusCode).toBe(404);
      expect(await refundRows(reg.id)).toHaveLength(0);
      expect((await reload(reg.id)).amountRefunded).toBe(0);
    });

    it('answers 400 with the exact message for a bad amount, or one above what is left', async () => {
      const { reg } = await paidRegistration();
      const admin = await t.as(await buildAdmin(t.db));
      const zero = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toBe('Beloppet måste vara större än 0');
      const tooMuch = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 301 });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json()).toEqual({ message: 'Beloppet är större än det som går att återbetala' });
      expect(await refundRows(reg.id)).toHaveLength(0);
    });

    it('answers 409 when nothing was paid online (even if marked paid by hand)', async () => {
      const { reg } = await registered({}, { paymentStatus: 'paid' });
      const admin = await t.as(await buildAdmin(t.db));
      const res = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 100 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Anmälan har inte betalats på sajten' });
    });

    it("refunds partly, then the rest: 'refunded', each refund listed", async () => {
      const { reg } = await paidRegistration(300);
      const adminUser = await buildAdmin(t.db);
      const admin = await t.as(adminUser);
      const first = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 100 });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        id: reg.id,
        paymentStatus: 'paid',
        amountPaid: 300,
        amountRefunded: 100,
      });
      const second = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 200 });
      expect(second.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: 300 });
      const more = await admin.post(`/api/registrations/${reg.id}/refund`, { amount: 1 });
      expect(more.statusCode).toBe(400);

      const list = await admin.get(`/api/registrations/${reg.id}/refunds`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        { id: expect.any(Number), registrationId: reg.id, amount: 100, createdAt: expect.any(String) },
        { id: expect.any(Number), registrationId: reg.id, amount: 200, createdAt: expect.any(String) },
      ]);
      const rows = await refundRows(reg.id);
      expect(
        rows.every((r) => r.createdBy === adminUser.id && r.providerRefundId?.startsWith('re_test_')),
      ).toBe(true);
    });

    itOnPostgres('never refunds more than was paid when refunds run at once', async () => {
      const { reg } = await paidRegistration(300);
      const admin = await t.as(await buildAdmin(t.db));
      // All three wait at the registration's row, then go at once.
      const results = await whileRowLocked(t.db, reg.id, 3, () =>
        Promise.all(
          [200, 200, 200].map((amount) => admin.post(`/api/registrations/${reg.id}/refund`, { amount })),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      // Refused by the check under the row lock, not by the database's constraint.
      for (const refused of results.filter((r) => r.statusCode === 400)) {
        expect(refused.json()).toEqual({ message: 'Beloppet är större än det som går att återbetala' });
      }
      expect((await reload(reg.id)).amountRefunded).toBe(200);
      expect(await refundRows(reg.id)).toHaveLength(1);
    });
  });
});
