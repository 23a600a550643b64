import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { buildEvent, buildPro, buildRegistration } from '../test/factories';
import type { TestClient, TestContext } from '../test/test-app';
import { createRegistrationsContext, registrationsOf } from './registrations.test-helpers';

/** The participant list and a member's own registrations (who sees what), and the admin's payment status. */
describe('registrations', () => {
  let t: TestContext;
  let pro: UserRow;
  let asAdmin: TestClient;
  let asPro: TestClient;
  const regsOf = (eventId: number) => registrationsOf(t, eventId);

  beforeAll(async () => {
    ({ t, pro, asAdmin, asPro } = await createRegistrationsContext());
  });
  afterAll(() => t.close());

  describe('GET /api/events/{id}/registrations', () => {
    it('shows dietary preferences and notes only to admins and the member', async () => {
      const e = await buildEvent(t.db);
      const other = await buildPro(t.db);
      await buildRegistration(t.db, {
        eventId: e.id,
        userId: pro.id,
        dietaryPreferences: 'Laktosfri',
        notes: 'A',
      });
      await buildRegistration(t.db, {
        eventId: e.id,
        userId: other.id,
        dietaryPreferences: 'Vegan',
        notes: 'B',
      });
      const url = `/api/events/${e.id}/registrations`;

      const asAdminList = (await asAdmin.get(url)).json();
      expect(asAdminList.map((r: { dietaryPreferences: string }) => r.dietaryPreferences)).toEqual([
        'Laktosfri',
        'Vegan',
      ]);
      const asProList = (await asPro.get(url)).json();
      expect(asProList[0]).toMatchObject({ userId: pro.id, dietaryPreferences: 'Laktosfri', notes: 'A' });
      expect(asProList[1]).toMatchObject({ userId: other.id, dietaryPreferences: null, notes: null });
      expect(asProList[1].user).not.toHaveProperty('email');
      // Visitors see counts only (decisions.md): no list at all.
      expect((await t.anon.get(url)).statusCode).toBe(401);
      expect((await asPro.get('/api/events/999999/registrations')).statusCode).toBe(404);
    });
  });

  describe('PUT /api/registrations/{id}/payment', () => {
    it('is admin only, validates, and sets the status', async () => {
      const e = await buildEvent(t.db);
      const reg = await buildRegistration(t.db, { eventId: e.id, userId: pro.id });
      const url = `/api/registrations/${reg.id}/payment`;
      expect((await t.anon.put(url, { paymentStatus: 'paid' })).statusCode).toBe(401);
      expect((await asPro.put(url, { paymentStatus: 'paid' })).statusCode).toBe(403);
      const bad = await asAdmin.put(url, { paymentStatus: 'free' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Ogiltig betalningsstatus');
      expect((await regsOf(e.id))[0].paymentStatus).toBe('pending');
      expect(
        (await asAdmin.put('/api/registrations/999999/payment', { paymentStatus: 'paid' })).statusCode,
      ).toBe(404);
      const ok = await asAdmin.put(url, { paymentStatus: 'paid' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().paymentStatus).toBe('paid');
      expect((await regsOf(e.id))[0].paymentStatus).toBe('paid');
    });
  });

  describe('GET /api/users/{userId}/registrations', () => {
    it('lists own registrations with their events; others get 403, admins may read', async () => {
      const member = await buildPro(t.db);
      const e = await buildEvent(t.db);
      await buildRegistration(t.db, { eventId: e.id, userId: member.id, groupId: null });
      const url = `/api/users/${member.id}/registrations`;
      expect((await t.anon.get(url)).statusCode).toBe(401);
      expect((await asPro.get(url)).statusCode).toBe(403);
      const own = await (await t.as(member)).get(url);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([
        expect.objectContaining({
          eventId: e.id,
          status: 'registered',
          paymentStatus: 'pending',
          groupId: null,
          event: expect.objectContaining({ id: e.id, title: e.title, registeredCount: 1 }),
        }),
      ]);
      expect((await asAdmin.get(url)).json()).toHaveLength(1);
    });

    it("says what was paid and whether the fee can be paid on the site now ('Mina evenemang', issue 27)", async () => {
      const member = await buildPro(t.db);
      const online = await buildEvent(t.db, { payOnline: true, registrationFee: 445, price: 445 });
      const paidEvent = await buildEvent(t.db, { payOnline: true, registrationFee: 445, price: 445 });
      const onSite = await buildEvent(t.db, { payOnline: false });
      await buildRegistration(t.db, { eventId: online.id, userId: member.id });
      await buildRegistration(t.db, {
        eventId: paidEvent.id,
        userId: member.id,
        paymentStatus: 'paid',
        amountPaid: 445,
        amountRefunded: 100,
      });
      await buildRegistration(t.db, { eventId: onSite.id, userId: member.id });
      const list = (await (await t.as(member)).get(`/api/users/${member.id}/registrations`)).json() as {
        eventId: number;
        canPay: boolean;
        amountPaid: number;
        amountRefunded: number;
      }[];
      const of = (id: number) => list.find((r) => r.eventId === id);
      expect(of(online.id)).toMatchObject({ canPay: true, amountPaid: 0, amountRefunded: 0 });
      expect(of(paidEvent.id)).toMatchObject({ canPay: false, amountPaid: 445, amountRefunded: 100 });
      expect(of(onSite.id)).toMatchObject({ canPay: false, amountPaid: 0 });
    });
  });
});
