import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const PRICE = 445;

/** The payments list adds up: marks by hand record money, each row and the totals agree (issue 27). */
describe('payments export', () => {
  let t: TestContext;
  let admin: TestClient;
  let eventId: number;

  const reg = async (firstName: string, over: Partial<typeof eventRegistrations.$inferInsert> = {}) => {
    const u = await buildPro(t.db, { firstName, lastName: 'Test' });
    return buildRegistration(t.db, { eventId, userId: u.id, ...over });
  };
  const mark = (id: number, paymentStatus: string) =>
    admin.put(`/api/registrations/${id}/payment`, { paymentStatus });
  const stored = async (id: number) =>
    (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0];

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    eventId = (await buildEvent(t.db, { title: 'Vårrunda', price: PRICE })).id;
  });
  afterAll(() => t.close());

  it('records the price when an admin marks a registration paid by hand, and undoes it', async () => {
    const anna = await reg('Anna');
    const res = await mark(anna.id, 'paid');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'paid', amountPaid: PRICE });
    const row = await stored(anna.id);
    expect(row).toMatchObject({ amountPaid: PRICE, amountRefunded: 0, paymentIntentId: null });
    expect(row.paidAt).toBeInstanceOf(Date);

    const back = await reg('Bertil');
    await mark(back.id, 'paid');
    await mark(back.id, 'pending');
    expect(await stored(back.id)).toMatchObject({ amountPaid: 0, amountRefunded: 0, paidAt: null });

    const cecilia = await reg('Cecilia');
    await mark(cecilia.id, 'paid');
    await mark(cecilia.id, 'refunded');
    expect(await stored(cecilia.id)).toMatchObject({ amountPaid: PRICE, amountRefunded: PRICE });
  });

  it('refuses a hand change of a fee paid on the site (409), so the money and the status agree', async () => {
    const online = await reg('David', {
      paymentStatus: 'paid',
      amountPaid: PRICE,
      paidAt: new Date(),
      paymentIntentId: 'pi_test_online',
    });
    for (const to of ['refunded', 'pending']) {
      const res = await mark(online.id, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: msg.paymentStatusFollowsOnlinePayment });
    }
    expect((await mark(online.id, 'paid')).statusCode).toBe(200);
    expect(await stored(online.id)).toMatchObject({ paymentStatus: 'paid', amountPaid: PRICE });
  });

  it('lists paid, refunded, net and due that agree on every row, and a totals row that adds up', async () => {
    await reg('Erik');
    await reg('Fia', { status: 'waitlisted' });
    await reg('Gun', {
      status: 'cancelled',
      cancelledAt: new Date(),
      lateCancellation: true,
      amountDue: 200,
    });
    await reg('Hans', { status: 'offered', offerExpiresAt: new Date(Date.now() + 3_600_000) });

    const res = await admin.get(`/api/admin/events/${eventId}/export.csv?list=payments`);
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.rawPayload.toString('utf8').slice(1).split('\r\n').slice(0, -1);
    expect(header).toBe('Namn;Status;Betalning;Betalt;Återbetalt;Netto;Att betala;Betald den');
    const cells = lines.map((l) => l.split(';'));
    const totals = cells.pop()!;
    expect(totals[0]).toBe('Summa');
    const rows = cells.map(([name, status, payment, paid, refunded, net, due]) => ({
      name,
      status,
      payment,
      paid: Number(paid),
      refunded: Number(refunded),
      net: Number(net),
      due: Number(due),
    }));
    expect(rows.map((r) => r.name)).toEqual([
      'Anna Test',
      'Bertil Test',
      'Cecilia Test',
      'David Test',
      'Erik Test',
      'Fia Test',
      'Gun Test',
      'Hans Test',
    ]);
    for (const r of rows) {
      expect(r.net, r.name).toBe(r.paid - r.refunded);
      if (r.payment === 'Betald') expect([r.net, r.due], r.name).toEqual([PRICE, 0]);
      if (r.payment === 'Återbetalad') expect(r.net, r.name).toBe(0);
      if (r.payment === 'Väntande') expect(r.paid, r.name).toBe(0);
      const holdsPlace = r.status === 'Anmäld' || r.status === 'Erbjuden plats';
      if (r.payment === 'Väntande' && holdsPlace) expect(r.due, r.name).toBe(PRICE);
    }
    expect(rows.find((r) => r.name === 'Gun Test')).toMatchObject({ status: 'Avbokad', due: 200 });
    expect(rows.find((r) => r.name === 'Fia Test')?.due).toBe(0);
    const sum = (k: 'paid' | 'refunded' | 'net' | 'due') => rows.reduce((s, r) => s + r[k], 0);
    expect(totals.slice(3, 7).map(Number)).toEqual([sum('paid'), sum('refunded'), sum('net'), sum('due')]);
    expect(sum('net')).toBe(2 * PRICE);
    expect(sum('due')).toBe(PRICE * 3 + 200);
  });
});
