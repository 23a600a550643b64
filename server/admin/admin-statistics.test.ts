import { defaultStatsPeriod } from '@common/rules/stats-period';
import type { StatsReport } from '@common/schemas/admin-statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, registrationRefunds } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const at = (iso: string) => new Date(iso);
const PERIOD = '?from=2024-01&to=2024-03';

/**
 * 'Statistik och rapporter' (issue 27) over data built in January to March 2024 (Stockholm months), with
 * one member who joined at 00:30 Stockholm time on 1 February (23:30 UTC on 31 January).
 */
describe('GET /api/admin/stats/report and its CSV files', () => {
  let t: TestContext;
  let asAdmin: TestClient;
  let eventA: number;

  beforeAll(async () => {
    t = await createTestContext();
    const admin = await buildAdmin(t.db);
    asAdmin = await t.as(admin);
    const u1 = await buildUser(t.db, { createdAt: at('2024-01-10T10:00:00Z') });
    const u2 = await buildUser(t.db, { createdAt: at('2024-02-05T10:00:00Z') });
    const u3 = await buildUser(t.db, { createdAt: at('2024-01-31T23:30:00Z') });
    const u4 = await buildUser(t.db, { createdAt: at('2023-12-01T10:00:00Z') });

    const a = await buildEvent(t.db, {
      title: '=HYPERLINK("http://evil.example")',
      startTime: at('2024-02-10T08:00:00Z'),
      endTime: at('2024-02-10T14:00:00Z'),
      maxParticipants: 8,
      status: 'completed',
    });
    eventA = a.id;
    const paid = (iso: string) => ({ amountPaid: 500, paidAt: at(iso), paymentStatus: 'paid' as const });
    await buildRegistration(t.db, {
      eventId: a.id,
      userId: u1.id,
      registeredAt: at('2024-01-15T09:00:00Z'),
      attendance: 'present',
      ...paid('2024-01-15T09:05:00Z'),
    });
    const r2 = await buildRegistration(t.db, {
      eventId: a.id,
      userId: u2.id,
      registeredAt: at('2024-02-01T09:00:00Z'),
      attendance: 'no_show',
      amountRefunded: 200,
      ...paid('2024-02-01T09:05:00Z'),
    });
    await buildRegistration(t.db, {
      eventId: a.id,
      userId: u3.id,
      status: 'waitlisted',
      registeredAt: at('2024-02-02T09:00:00Z'),
    });
    const r4 = await buildRegistration(t.db, {
      eventId: a.id,
      userId: u4.id,
      status: 'cancelled',
      registeredAt: at('2024-01-20T09:00:00Z'),
      cancelledAt: at('2024-02-03T09:00:00Z'),
      amountRefunded: 500,
      ...paid('2024-01-20T09:05:00Z'),
      paymentStatus: 'refunded',
    });
    await t.db.insert(registrationRefunds).values([
      { registrationId: r2.id, amount: 200, createdAt: at('2024-03-05T09:00:00Z') },
      { registrationId: r4.id, amount: 500, createdAt: at('2024-02-03T09:00:00Z') },
    ]);

    const b = await buildEvent(t.db, {
      startTime: at('2024-03-20T08:00:00Z'),
      endTime: at('2024-03-20T14:00:00Z'),
      maxParticipants: 4,
    });
    await buildRegistration(t.db, { eventId: b.id, userId: u1.id, registeredAt: at('2024-03-01T09:00:00Z') });
    // After the period: not counted anywhere.
    const c = await buildEvent(t.db, {
      startTime: at('2024-05-01T08:00:00Z'),
      endTime: at('2024-05-01T12:00:00Z'),
    });
    await buildRegistration(t.db, {
      eventId: c.id,
      userId: u2.id,
      registeredAt: at('2024-04-02T09:00:00Z'),
      ...paid('2024-04-02T09:05:00Z'),
    });
    await t.db
      .insert(messages)
      .values({ senderId: u3.id, receiverId: u1.id, content: 'Hej!', sentAt: at('2024-03-10T12:00:00Z') });
  });
  afterAll(() => t.close());

  const report = async (query = PERIOD) => {
    const res = await asAdmin.get(`/api/admin/stats/report${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as StatsReport;
  };

  it('answers 401 to a visitor and 403 to a member', async () => {
    const member = await t.as(await buildPro(t.db));
    for (const url of [
      '/api/admin/stats/report',
      '/api/admin/stats/months.csv',
      '/api/admin/stats/events.csv',
    ]) {
      expect((await t.anon.get(url)).statusCode).toBe(401);
      expect((await member.get(url)).statusCode).toBe(403);
    }
  });

  it.each([
    ['?from=2024-13&to=2024-12', 'Från-månad måste anges som ÅÅÅÅ-MM'],
    ['?from=2024-01&to=januari', 'Till-månad måste anges som ÅÅÅÅ-MM'],
    ['?from=2024-05&to=2024-04', 'Från-månaden måste vara före eller samma som till-månaden'],
    ['?from=2010-01&to=2024-12', 'Välj en period på högst 60 månader'],
  ])('refuses the period %s with the exact message', async (query, message) => {
    const res = await asAdmin.get(`/api/admin/stats/report${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await asAdmin.get(`/api/admin/stats/events.csv${query}`)).statusCode).toBe(400);
  });

  it('counts each Stockholm month: registrations, cancellations, new and active members, fees', async () => {
    const r = await report();
    expect(r.months).toEqual([
      {
        month: '2024-01',
        registrations: 2,
        cancellations: 0,
        newMembers: 1,
        activeMembers: 2,
        paid: 1000,
        refunded: 0,
        net: 1000,
      },
      {
        month: '2024-02',
        registrations: 2,
        cancellations: 1,
        newMembers: 2,
        activeMembers: 2,
        paid: 500,
        refunded: 500,
        net: 0,
      },
      {
        month: '2024-03',
        registrations: 1,
        cancellations: 0,
        newMembers: 0,
        activeMembers: 2,
        paid: 0,
        refunded: 200,
        net: -200,
      },
    ]);
  });

  it('gives each event its fill rate, attendance and fees, and sums that add up', async () => {
    const r = await report();
    expect(r.events.map((e) => e.id)[0]).toBe(eventA);
    expect(r.events).toHaveLength(2);
    expect(r.events[0]).toMatchObject({
      maxParticipants: 8,
      registered: 2,
      waitlisted: 1,
      fillRate: 25,
      present: 1,
      noShow: 1,
      unmarked: 0,
      paid: 1500,
      refunded: 700,
      net: 800,
    });
    expect(r.events[1]).toMatchObject({ registered: 1, fillRate: 25, unmarked: 1, paid: 0, net: 0 });
    expect(r.totals).toEqual({
      registrations: 5,
      cancellations: 1,
      newMembers: 3,
      // u1–u4 were each active in some month; each counts once.
      activeMembers: 4,
      paid: 1500,
      refunded: 700,
      net: 800,
      places: 12,
      registered: 3,
      fillRate: 25,
      present: 1,
      noShow: 1,
    });
    // Revenue = paid − refunded, by month and by event alike (all money here moved within the period).
    const byMonth = r.months.reduce((n, m) => n + m.net, 0);
    const byEvent = r.events.reduce((n, e) => n + e.net, 0);
    expect(byMonth).toBe(r.totals.paid - r.totals.refunded);
    expect(byEvent).toBe(byMonth);
  });

  it('defaults to the last 12 months', async () => {
    const r = await report('');
    expect({ from: r.from, to: r.to }).toEqual(defaultStatsPeriod());
    expect(r.months).toHaveLength(12);
    expect(r.months.at(-1)?.month).toBe(defaultStatsPeriod().to);
  });

  it('downloads each table as CSV for Swedish Excel, formulas neutralised', async () => {
    const months = await asAdmin.get(`/api/admin/stats/months.csv${PERIOD}`);
    expect(months.statusCode).toBe(200);
    expect(months.headers['content-type']).toContain('text/csv');
    expect(months.headers['content-disposition']).toBe(
      'attachment; filename="statistik-manader-2024-01-2024-03.csv"',
    );
    const lines = months.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFMånad;Nya anmälningar;Avbokningar;Nya medlemmar;Aktiva medlemmar;Betalt (kr);Återbetalt (kr);Netto (kr)',
    );
    expect(lines[3]).toBe('2024-03;1;0;0;2;0;200;-200');
    expect(lines[4]).toBe('Totalt;5;1;3;4;1500;700;800');

    const events = await asAdmin.get(`/api/admin/stats/events.csv${PERIOD}`);
    expect(events.statusCode).toBe(200);
    const rows = events.body.split('\r\n');
    expect(rows[1]).toBe(
      `2024-02-10;"'=HYPERLINK(""http://evil.example"")";Avslutad;8;2;1;25;1;1;0;1500;700;800`,
    );
  });
});
