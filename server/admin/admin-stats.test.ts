import { msg } from '@common/messages';
import type { AdminStats } from '@common/schemas/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, messages, users } from '../db/schema';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { ageCutoffs, yearsBefore } from './admin-stats.queries';
import { getAdminStats, MEMBER_FIGURES_TTL_MS, stockholmMidnight } from './admin-stats.service';

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

  it('computes every figure from the data', async () => {
    const admin = await buildAdmin(t.db, { gender: 'male', handicap: 4, birthDate: '1980-05-01' });
    const a = await buildUser(t.db, {
      gender: 'female',
      handicap: 12.5,
      birthDate: '1995-01-01',
      membershipType: 'pro',
    });
    const b = await buildUser(t.db, { gender: 'female', handicap: 25, age: 65 });
    const c = await buildUser(t.db, { gender: 'other', handicap: null });
    // Two members joined last month (Stockholm); the rest this month.
    const lastMonth = new Date();
    lastMonth.setUTCDate(15);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const d = await buildUser(t.db, { createdAt: lastMonth, updatedAt: lastMonth });
    await buildUser(t.db, { createdAt: lastMonth, updatedAt: lastMonth });

    const up = await buildEvent(t.db, { maxParticipants: 8, title: 'Kommande golfdag' });
    await buildEvent(t.db, {
      startTime: new Date(Date.now() - 10 * DAY),
      endTime: new Date(Date.now() - 10 * DAY + 3_600_000),
      maxParticipants: 4,
    });
    const regA = await buildRegistration(t.db, { eventId: up.id, userId: a.id });
    await buildRegistration(t.db, { eventId: up.id, userId: b.id });
    await buildRegistration(t.db, { eventId: up.id, userId: c.id, status: 'waitlisted' });
    await buildRegistration(t.db, {
      eventId: up.id,
      userId: d.id,
      registeredAt: new Date(Date.now() - 3 * DAY),
    });
    await t.db
      .update(eventRegistrations)
      .set({ paymentStatus: 'paid' })
      .where(eq(eventRegistrations.id, regA.id));
    await t.db
      .update(users)
      .set({ location: 'Visby', updatedAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(users.id, b.id));

    // a → b, b answers, a writes again (unread); c → a unanswered and unread.
    const t0 = Date.now() - 60 * 60_000;
    await t.db.insert(messages).values([
      { senderId: a.id, receiverId: b.id, content: 'Hej', sentAt: new Date(t0), read: true },
      { senderId: b.id, receiverId: a.id, content: 'Hej själv', sentAt: new Date(t0 + 60_000), read: true },
      { senderId: a.id, receiverId: b.id, content: 'Spelar du?', sentAt: new Date(t0 + 120_000) },
      { senderId: c.id, receiverId: a.id, content: 'Hallå', sentAt: new Date(t0 + 180_000) },
    ]);

    const res = await (await t.as(admin)).get('/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const s = res.json() as AdminStats;
    const total = (await t.db.select().from(users)).length;
    expect(s.totalUsers).toBe(total);
    expect(s.upcomingEvents).toBe(1);
    expect(s.genderDistribution).toMatchObject({ male: 1, female: 2, other: 1 });
    expect(s.genderDistribution.unknown).toBe(total - 4);
    expect(s.handicapDistribution).toMatchObject({ '0-5': 1, '11-15': 1, '21+': 1, '6-10': 0, '16-20': 0 });
    expect(s.handicapDistribution['Ej angivet']).toBe(total - 3);
    expect(s.ageDistribution['41-50'] + s.ageDistribution['51-60']).toBe(1); // born 1980
    expect(s.ageDistribution['21-30'] + s.ageDistribution['31-40']).toBe(1); // born 1995
    expect(s.ageDistribution['61+']).toBe(1);
    expect(s.newMembersLastMonth).toBe(2);
    expect(s.newMembersThisMonth).toBe(total - 2);
    expect(s.monthlyGrowth).toBe(Math.round(((total - 2 - 2) / 2) * 1000) / 10);
    // 3 registered of 8 places (the waitlisted one does not count).
    expect(s.registrationRate).toBe(37.5);
    // 4 received messages; a's first and b's reply were answered, the last two not.
    expect(s.responseRate).toBe(50);
    expect(s.unreadMessages).toBe(2);
    expect(s.newRegistrationsToday).toBe(3);
    expect(s.proMembers).toBe(2);
    expect(s.activeMembers).toBeGreaterThanOrEqual(4);

    const types = s.recentActivity.map((x) => x.type);
    expect(types).toContain('registration');
    expect(types).toContain('payment');
    expect(types).toContain('update');
    expect(types).toContain('join');
    const times = s.recentActivity.map((x) => Date.parse(x.timestamp));
    expect([...times].sort((p, q) => q - p)).toEqual(times);
    const payment = s.recentActivity.find((x) => x.type === 'payment');
    expect(payment).toMatchObject({ eventId: up.id, eventTitle: 'Kommande golfdag', user: { id: a.id } });
    expect(payment?.user.fullName).toBe(a.fullName);
    expect(s.recentActivity.length).toBeLessThanOrEqual(10);

    // Live figures follow at once; member distributions and rates are at most a minute old.
    const e = await buildUser(t.db);
    await buildRegistration(t.db, { eventId: up.id, userId: e.id });
    const again = (await (await t.as(admin)).get('/api/admin/stats')).json() as AdminStats;
    expect(again.newRegistrationsToday).toBe(4);
    expect(again.registrationRate).toBe(37.5); // a rate over the member scan: at most a minute old
    expect(again.totalUsers).toBe(total);
    expect(again.recentActivity.some((x) => x.type === 'registration' && x.user.id === e.id)).toBe(true);

    // After a minute the old figures are answered at once while one new scan runs; then the new ones.
    const later = new Date(Date.now() + MEMBER_FIGURES_TTL_MS + 1000);
    expect((await getAdminStats(t.db, later)).totalUsers).toBe(total);
    let fresh = total;
    for (let i = 0; i < 100 && fresh === total; i++) {
      await new Promise((r) => setTimeout(r, 50));
      fresh = (await getAdminStats(t.db, later)).totalUsers;
    }
    expect(fresh).toBe(total + 1);
    expect((await getAdminStats(t.db, later)).registrationRate).toBe(50);
  });
});

describe('admin stats time rules', () => {
  it('finds Stockholm midnight in winter and summer time', () => {
    expect(stockholmMidnight('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(stockholmMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(stockholmMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
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
