import { msg } from '@common/messages';
import type { AdminStats } from '@common/schemas/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventRegistrations, messages, users } from '../db/schema';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { ageCutoffs, yearsBefore } from './admin-stats.queries';
import { getAdminStats, MEMBER_FIGURES_TTL_MS } from './admin-stats.service';

const DAY = 86_400_000;

describe('GET /api/admin/stats', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to visitors and 403 to members', async () => {
    const anon = await t.anon.get('/api/admin/stats');
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: msg.notLoggedIn });
    const member = await t.as(await buildUser(t.db));
    const res = await member.get('/api/admin/stats');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: msg.forbidden });
  });

  it('answers an admin with the figures of the data', async () => {
    const admin = await buildAdmin(t.db, { gender: 'male' });
    const res = await (await t.as(admin)).get('/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const s = res.json() as AdminStats;
    const total = (await t.db.select().from(users)).length;
    expect(s.totalUsers).toBe(total);
    expect(s.genderDistribution.male).toBe(1);
    expect(s.proMembers).toBe(1);
    expect(s.recentActivity.some((x) => x.type === 'join' && x.user.id === admin.id)).toBe(true);
  });
});

/**
 * Every figure is counted at the `now` the service is given. The data sits around a minute before Stockholm
 * midnight on the last day of May (today / yesterday, this month / last month, starting in 30 seconds), and
 * the system clock is set elsewhere (a minute before midnight on New Year's Eve): a figure that read the
 * clock (or the database's now()) instead of `now` would come out different.
 */
describe('admin stats at a fixed time', () => {
  // 23:59 on 31 May in Stockholm (summer time, UTC+2).
  const NOW = new Date('2026-05-31T21:59:00Z');
  const at = (ms: number) => new Date(NOW.getTime() + ms);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  let t: TestContext;
  let total: number;
  let up: { id: number; title: string };
  let a: { id: string; fullName: string | null };

  beforeAll(async () => {
    t = await createTestContext();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T22:59:00Z'));

    // Members: joined this Stockholm month (from 1 May 00:00), last month (April) or earlier.
    const member = (over: Partial<typeof users.$inferInsert> & { createdAt: Date }) =>
      buildUser(t.db, { updatedAt: over.createdAt, ...over });
    await member({
      role: 'admin',
      gender: 'male',
      handicap: 4,
      birthDate: '1980-05-01',
      createdAt: at(-10 * DAY),
    });
    a = await member({
      gender: 'female',
      handicap: 12.5,
      birthDate: '1995-01-01',
      membershipType: 'pro',
      createdAt: at(-5 * DAY),
    });
    // Updated ten minutes ago: a profile update in the activity.
    const b = await member({
      gender: 'female',
      handicap: 25,
      age: 65,
      createdAt: at(-20 * DAY),
      updatedAt: at(-10 * MIN),
    });
    // 00:30 on 1 May in Stockholm (still 30 April in UTC): this month.
    const c = await member({ gender: 'other', handicap: null, createdAt: new Date('2026-04-30T22:30:00Z') });
    // 00:30 on 1 April in Stockholm (31 March in UTC) and 23:30 on 30 April: last month.
    const d = await member({ createdAt: new Date('2026-03-31T22:30:00Z') });
    const e = await member({ createdAt: new Date('2026-04-30T21:30:00Z') });
    // 23:30 on 31 March in Stockholm: before last month.
    const f = await member({ createdAt: new Date('2026-03-31T21:30:00Z') });
    // Turns 21 tomorrow, so in no age bucket today.
    await member({ birthDate: '2005-06-01', createdAt: new Date('2026-03-01T10:00:00Z') });
    // Pro until a minute after `now` (a cancelled subscription in its last minute).
    await member({
      membershipType: 'pro',
      stripeSubscriptionId: 'sub_last_minute',
      subscriptionStatus: 'cancel_at_period_end',
      subscriptionPeriodEnd: at(MIN),
      createdAt: new Date('2026-03-01T10:00:00Z'),
    });

    // Events: one in two days, one starting in 30 seconds, one ten days ago.
    up = await buildEvent(t.db, {
      title: 'Kommande golfdag',
      startTime: at(2 * DAY),
      endTime: at(2 * DAY + 5 * HOUR),
      maxParticipants: 8,
    });
    const soon = await buildEvent(t.db, { startTime: at(30_000), endTime: at(2 * HOUR), maxParticipants: 4 });
    await buildEvent(t.db, { startTime: at(-10 * DAY), endTime: at(-10 * DAY + HOUR), maxParticipants: 4 });

    // Registrations today (from 00:00 on 31 May in Stockholm), yesterday and three days ago.
    const regA = await buildRegistration(t.db, { eventId: up.id, userId: a.id, registeredAt: at(-30_000) });
    await buildRegistration(t.db, { eventId: up.id, userId: b.id, registeredAt: at(-2 * HOUR) });
    await buildRegistration(t.db, {
      eventId: up.id,
      userId: c.id,
      status: 'waitlisted',
      registeredAt: at(-MIN),
    });
    await buildRegistration(t.db, { eventId: up.id, userId: d.id, registeredAt: at(-3 * DAY) });
    // 00:30 on 31 May in Stockholm (30 May in UTC): today; 23:30 on 30 May: yesterday.
    await buildRegistration(t.db, {
      eventId: soon.id,
      userId: e.id,
      registeredAt: new Date('2026-05-30T22:30:00Z'),
    });
    await buildRegistration(t.db, {
      eventId: soon.id,
      userId: f.id,
      registeredAt: new Date('2026-05-30T21:30:00Z'),
    });
    await t.db
      .update(eventRegistrations)
      .set({ paymentStatus: 'paid' })
      .where(eq(eventRegistrations.id, regA.id));

    // a → b, b answers, a writes again (unread); c → a unanswered and unread; e → a 40 days ago (too old).
    const t0 = at(-HOUR).getTime();
    await t.db.insert(messages).values([
      { senderId: a.id, receiverId: b.id, content: 'Hej', sentAt: new Date(t0), read: true },
      { senderId: b.id, receiverId: a.id, content: 'Hej själv', sentAt: new Date(t0 + MIN), read: true },
      { senderId: a.id, receiverId: b.id, content: 'Spelar du?', sentAt: new Date(t0 + 2 * MIN) },
      { senderId: c.id, receiverId: a.id, content: 'Hallå', sentAt: new Date(t0 + 3 * MIN) },
      { senderId: e.id, receiverId: a.id, content: 'Gammalt', sentAt: at(-40 * DAY), read: true },
    ]);
    total = (await t.db.select().from(users)).length;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('counts every figure at `now`, a minute before Stockholm midnight', async () => {
    expect(new Date().toISOString()).toBe('2026-12-31T22:59:00.000Z');
    const s = await getAdminStats(t.db, NOW);
    expect(total).toBe(9);
    expect(s.totalUsers).toBe(9);
    expect(s.upcomingEvents).toBe(2);
    expect(s.genderDistribution).toEqual({ male: 1, female: 2, other: 1, unknown: 5 });
    expect(s.handicapDistribution).toEqual({
      '0-5': 1,
      '6-10': 0,
      '11-15': 1,
      '16-20': 0,
      '21+': 1,
      'Ej angivet': 6,
    });
    expect(s.ageDistribution).toEqual({ '21-30': 0, '31-40': 1, '41-50': 1, '51-60': 0, '61+': 1 });
    expect(s.newMembersThisMonth).toBe(4);
    expect(s.newMembersLastMonth).toBe(2);
    expect(s.monthlyGrowth).toBe(100);
    // 5 registered of 12 places (the waitlisted one does not count).
    expect(s.registrationRate).toBe(41.7);
    // 4 received messages in the last 30 days; a's first and b's reply were answered, the last two not.
    expect(s.responseRate).toBe(50);
    expect(s.unreadMessages).toBe(2);
    // a (23:58:30), b (21:59), c (23:58) and e (00:30); not f (23:30 yesterday) nor d.
    expect(s.newRegistrationsToday).toBe(4);
    // The admin, a, and the subscription in its last minute.
    expect(s.proMembers).toBe(3);
    // Registered, wrote or updated in the last 30 days: everyone but the two joined in March.
    expect(s.activeMembers).toBe(7);

    const types = s.recentActivity.map((x) => x.type);
    expect(types).toEqual(expect.arrayContaining(['registration', 'payment', 'update', 'join']));
    const times = s.recentActivity.map((x) => Date.parse(x.timestamp));
    expect([...times].sort((p, q) => q - p)).toEqual(times);
    const payment = s.recentActivity.find((x) => x.type === 'payment');
    expect(payment).toMatchObject({ eventId: up.id, eventTitle: 'Kommande golfdag', user: { id: a.id } });
    expect(payment?.user.fullName).toBe(a.fullName);
    expect(s.recentActivity.length).toBeLessThanOrEqual(10);
  });

  it("starts the day's and the month's counts over at midnight", async () => {
    // 00:01 on 1 June in Stockholm (still 31 May in UTC).
    const s = await getAdminStats(t.db, at(2 * MIN));
    expect(s.newRegistrationsToday).toBe(0);
    expect(s.newMembersThisMonth).toBe(0);
    expect(s.newMembersLastMonth).toBe(4);
    // The event that started at 23:59:30 is no longer upcoming; the subscription has ended.
    expect(s.upcomingEvents).toBe(1);
    expect(s.registrationRate).toBe(37.5);
    expect(s.proMembers).toBe(2);
    // Born 1 June 2005: 21 today.
    expect(s.ageDistribution['21-30']).toBe(1);
  });

  it('keeps member figures at most a minute old; live figures follow at once', async () => {
    // 00:01 on 2 June: a new day, so the member figures are counted afresh and kept a minute.
    const start = at(DAY + 2 * MIN);
    const first = await getAdminStats(t.db, start);
    expect(first.newRegistrationsToday).toBe(0);
    const latecomer = await buildUser(t.db, { createdAt: start, updatedAt: start });
    await buildRegistration(t.db, {
      eventId: up.id,
      userId: latecomer.id,
      registeredAt: at(DAY + 2 * MIN + 5000),
    });
    const again = await getAdminStats(t.db, at(DAY + 2 * MIN + 10_000));
    expect(again.newRegistrationsToday).toBe(1);
    expect(again.recentActivity.some((x) => x.type === 'registration' && x.user.id === latecomer.id)).toBe(
      true,
    );
    expect(again.totalUsers).toBe(total); // the member scan, at most a minute old
    expect(again.registrationRate).toBe(37.5);

    // After a minute the old figures are answered at once while one new scan runs; then the new ones.
    const later = new Date(start.getTime() + MEMBER_FIGURES_TTL_MS + 1000);
    expect((await getAdminStats(t.db, later)).totalUsers).toBe(total);
    let fresh = total;
    for (let i = 0; i < 100 && fresh === total; i++) {
      await new Promise((r) => setTimeout(r, 50));
      fresh = (await getAdminStats(t.db, later)).totalUsers;
    }
    expect(fresh).toBe(total + 1);
    // 4 registered of the 8 places of the one upcoming event.
    expect((await getAdminStats(t.db, later)).registrationRate).toBe(50);
  });
});

describe('admin stats age rules', () => {
  it('counts age from the birth date like the profile does', () => {
    expect(yearsBefore('2026-05-10', 21)).toBe('2005-05-10');
    expect(yearsBefore('2028-02-29', 21)).toBe('2007-02-28');
    expect(ageCutoffs('2026-05-10')).toEqual({
      c21: '2005-05-10',
      c31: '1995-05-10',
      c41: '1985-05-10',
      c51: '1975-05-10',
      c61: '1965-05-10',
    });
  });
});
