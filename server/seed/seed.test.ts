import { courseInputSchema } from '@common/schemas/courses';
import { stockholmDate } from '@common/time';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { type Database, openDatabase } from '../db/client';
import {
  courses,
  courseTees,
  eventContests,
  eventNotifications,
  eventRegistrations,
  eventResultsFinal,
  events,
  feedback,
  idpAccounts,
  images,
  messages,
  newsletterSubscribers,
  scores,
  users,
} from '../db/schema';
import { DEMO_COURSES } from './demo-courses';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed';

const TABLES = {
  users,
  idpAccounts,
  images,
  events,
  eventRegistrations,
  messages,
  eventNotifications,
  feedback,
  newsletterSubscribers,
};

describe('demo seed', () => {
  let database: Database;
  let seeded: boolean;

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const [name, table] of Object.entries(TABLES)) {
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(table);
      out[name] = row.n;
    }
    return out;
  }

  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    const t0 = performance.now();
    seeded = await seedDemoDataIfEmpty(database);
    // Reported, not asserted: the time is mostly scrypt and depends on the machine.
    console.info(`demo seed on PGlite took ${Math.round(performance.now() - t0)} ms`);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('fills an empty database with about forty members', async () => {
    expect(seeded).toBe(true);
    const c = await counts();
    expect(c.users).toBeGreaterThanOrEqual(38);
    expect(c.users).toBeLessThanOrEqual(45);
    expect(c.idpAccounts).toBe(c.users);
    expect(c.events).toBe(14);
    expect(c.feedback).toBeGreaterThanOrEqual(5);
    expect(c.newsletterSubscribers).toBeGreaterThanOrEqual(2);
    expect(c.eventNotifications).toBeGreaterThanOrEqual(2);
  });

  it('has one past round with a course, published groups, full cards, final results and contests (issue 29)', async () => {
    const finals = await database.db.select().from(eventResultsFinal);
    expect(finals).toHaveLength(1);
    const eventId = finals[0].eventId;
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    expect(event.endTime.getTime()).toBeLessThan(Date.now());
    expect(event).toMatchObject({ scoringFormat: 'stableford', handicapAllowance: 95 });
    expect(event.courseId).not.toBeNull();
    expect(event.ballGroupsPublishedAt).not.toBeNull();
    const grouped = await database.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), isNotNull(eventRegistrations.groupId)));
    expect(grouped.length).toBeGreaterThanOrEqual(8);
    const cards = await database.db.select().from(scores).where(eq(scores.eventId, eventId));
    expect(cards).toHaveLength(grouped.length * 18);
    expect((await database.db.select().from(eventContests)).length).toBeGreaterThanOrEqual(1);
  });

  it('has three real Swedish courses with two tees each, valid by the course rules (issue 29)', async () => {
    for (const course of DEMO_COURSES) expect(courseInputSchema.safeParse(course).error).toBeUndefined();
    const rows = await database.db.select().from(courses).orderBy(courses.id);
    expect(rows.map((r) => r.club)).toEqual([
      'Halmstad Golfklubb',
      'Falsterbo Golfklubb',
      'Ullna Golf & Country Club',
    ]);
    const tees = await database.db.select().from(courseTees);
    expect(tees).toHaveLength(6);
    for (const t of tees) {
      expect(t.holes).toHaveLength(18);
      expect(t.ratings.map((r) => r.gender)).toEqual(['male', 'female']);
    }
  });

  it('creates the three documented accounts with their roles and memberships', async () => {
    const rows = await database.db
      .select()
      .from(users)
      .where(sql`${users.email} in ('admin@singelgolf.test', 'pro@singelgolf.test', 'free@singelgolf.test')`);
    const by = Object.fromEntries(rows.map((u) => [u.email, u]));
    expect(by['admin@singelgolf.test']).toMatchObject({ role: 'admin', fullName: 'Anna Adminsson' });
    expect(by['pro@singelgolf.test']).toMatchObject({
      role: 'member',
      membershipType: 'pro',
      stripeSubscriptionId: null,
      fullName: 'Per Prosson',
    });
    expect(by['free@singelgolf.test']).toMatchObject({
      role: 'member',
      membershipType: 'free',
      fullName: 'Frida Fri',
    });
    for (const u of rows) {
      expect(u.oidcIssuer).toBeNull();
      expect(u.oidcSubject).toBeNull();
      expect(u.meetupInterests.length).toBeGreaterThanOrEqual(3);
      expect(u.lookingFor.length).toBeGreaterThanOrEqual(1);
      expect(u.profileImageId).not.toBeNull();
    }
  });

  it('gives every member a login that accepts golf1234', async () => {
    const accounts = await database.db.select().from(idpAccounts);
    const members = await database.db.select({ email: users.email }).from(users);
    expect(new Set(accounts.map((a) => a.email))).toEqual(new Set(members.map((m) => m.email)));
    for (const a of accounts) expect(a.passwordHash).toMatch(/^scrypt\$/);
    const fixed = accounts.filter((a) => a.email.endsWith('@singelgolf.test'));
    expect(fixed).toHaveLength(3);
    for (const a of fixed) {
      expect(await verifyPassword(DEMO_PASSWORD, a.passwordHash)).toBe(true);
      expect(await verifyPassword('fel-lösenord1', a.passwordHash)).toBe(false);
    }
  });

  it('keeps member profiles consistent', async () => {
    const rows = await database.db.select().from(users);
    const emails = rows.map((u) => u.email);
    expect(new Set(emails).size).toBe(rows.length);
    for (const u of rows) {
      expect(u.email).toMatch(/^[a-z0-9.]+@(example\.se|singelgolf\.test)$/);
      expect(u.fullName).toBe(`${u.firstName} ${u.lastName}`);
      expect(u.age).toBeGreaterThanOrEqual(25);
      expect(u.age).toBeLessThanOrEqual(72);
      if (u.handicap !== null) expect(Math.round(u.handicap * 10)).toBe(u.handicap * 10);
    }
    const pros = rows.filter((u) => u.membershipType === 'pro');
    expect(pros.length).toBeGreaterThan(rows.length / 3);
    expect(rows.filter((u) => u.handicap === null).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((u) => u.gender === 'other').length).toBeGreaterThanOrEqual(1);
    const months = new Set(rows.map((u) => u.createdAt.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
    const withImage = rows.filter((u) => u.profileImageId);
    const profileImages = await database.db.select().from(images).where(eq(images.entityType, 'profile'));
    expect(profileImages).toHaveLength(withImage.length);
    for (const img of profileImages) {
      expect(img.entityId).toBe(rows.find((u) => u.profileImageId === img.id)?.id);
      expect([img.width, img.height]).toEqual([256, 256]);
    }
  });

  it('has one full event with a waitlist and never more registered than places', async () => {
    const evs = await database.db.select().from(events);
    const regs = await database.db.select().from(eventRegistrations);
    const full = evs.filter((e) => {
      const mine = regs.filter((r) => r.eventId === e.id);
      return (
        mine.filter((r) => r.status === 'registered').length === e.maxParticipants &&
        mine.some((r) => r.status === 'waitlisted')
      );
    });
    expect(full).toHaveLength(1);
    for (const e of evs) {
      const mine = regs.filter((r) => r.eventId === e.id);
      const registered = mine.filter((r) => r.status === 'registered');
      const waitlisted = mine.filter((r) => r.status === 'waitlisted');
      expect(registered.length).toBeLessThanOrEqual(e.maxParticipants);
      expect(e.price).toBe(e.registrationFee + (e.greenFeeIncluded ? 0 : (e.greenFee ?? 0)));
      expect(e.imageId).not.toBeNull();
      const lastRegistered = Math.max(...registered.map((r) => r.registeredAt.getTime()));
      for (const w of waitlisted) expect(w.registeredAt.getTime()).toBeGreaterThan(lastRegistered);
      for (const r of mine) expect(r.registeredAt.getTime()).toBeLessThan(e.startTime.getTime());
    }
    const now = Date.now();
    expect(evs.filter((e) => e.status === 'completed' && e.endTime.getTime() < now)).toHaveLength(7);
    expect(
      evs.filter((e) => e.status === 'ongoing' && e.startTime.getTime() < now && e.endTime.getTime() > now),
    ).toHaveLength(1);
    expect(evs.filter((e) => e.status === 'upcoming' && e.startTime.getTime() > now)).toHaveLength(6);
  });

  it('registers only Pro members and the admin; pro@ for two upcoming events and one past', async () => {
    const rows = await database.db
      .select({
        role: users.role,
        membershipType: users.membershipType,
        email: users.email,
        joinedAt: users.createdAt,
        registeredAt: eventRegistrations.registeredAt,
        event: events,
      })
      .from(eventRegistrations)
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .innerJoin(events, eq(events.id, eventRegistrations.eventId));
    for (const r of rows) {
      expect(r.role === 'admin' || r.membershipType === 'pro').toBe(true);
      expect(r.registeredAt.getTime()).toBeGreaterThan(r.joinedAt.getTime());
      expect(r.registeredAt.getTime()).toBeGreaterThan(r.event.createdAt.getTime());
    }
    const pro = rows.filter((r) => r.email === 'pro@singelgolf.test');
    expect(pro.filter((r) => r.event.status === 'upcoming')).toHaveLength(2);
    expect(pro.filter((r) => r.event.status === 'completed')).toHaveLength(1);
    expect(pro).toHaveLength(3);
  });

  it('records what was paid, who came, and room wishes on trips (issue 27)', async () => {
    const rows = await database.db
      .select({ r: eventRegistrations, e: events })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId));
    for (const { r, e } of rows) {
      const where = `${e.title} ${r.id}`;
      const paid = r.paymentStatus === 'pending' ? 0 : e.price;
      expect([r.amountPaid, r.amountRefunded], where).toEqual([
        paid,
        r.paymentStatus === 'refunded' ? e.price : 0,
      ]);
      expect(r.paidAt === null, where).toBe(r.paymentStatus === 'pending');
      if (r.paidAt) expect(r.paidAt.getTime()).toBeLessThan(e.startTime.getTime());
      const attended = e.status !== 'upcoming' && r.status === 'registered';
      expect(r.attendance !== null, where).toBe(attended);
      const trip = stockholmDate(e.endTime) > stockholmDate(e.startTime);
      if (!trip) expect(r.roomWish, where).toBeNull();
      expect(r.roomMateName !== null, where).toBe(r.roomWish === 'shared_with');
    }
    const past = rows.filter(({ e, r }) => e.status === 'completed' && r.status === 'registered');
    expect(past.filter(({ r }) => r.attendance === 'no_show').length).toBeGreaterThanOrEqual(1);
    expect(past.filter(({ r }) => r.attendance === 'present').length).toBeGreaterThan(past.length * 0.8);
    const wishes = new Set(rows.map(({ r }) => r.roomWish).filter(Boolean));
    expect(wishes).toEqual(new Set(['single', 'shared', 'shared_with']));
    // Completed events spread over most of a year, so statistics have history.
    const months = new Set(
      rows.filter(({ e }) => e.status === 'completed').map(({ e }) => stockholmDate(e.startTime).slice(0, 7)),
    );
    expect(months.size).toBeGreaterThanOrEqual(6);
  });

  it('gives pro@ and free@ conversations, some unread', async () => {
    for (const email of ['pro@singelgolf.test', 'free@singelgolf.test']) {
      const [me] = await database.db.select().from(users).where(eq(users.email, email));
      const mine = await database.db
        .select()
        .from(messages)
        .where(sql`${messages.senderId} = ${me.id} or ${messages.receiverId} = ${me.id}`);
      const partners = new Set(mine.map((m) => (m.senderId === me.id ? m.receiverId : m.senderId)));
      expect(partners.size).toBeGreaterThanOrEqual(2);
      expect(mine.some((m) => m.receiverId === me.id && !m.read)).toBe(true);
    }
    const group = await database.db
      .select()
      .from(messages)
      .where(and(eq(messages.isGroupMessage, true)));
    expect(new Set(group.map((m) => m.eventId)).size).toBeGreaterThanOrEqual(2);
    const now = Date.now();
    const all = await database.db.select().from(messages);
    for (const m of all) expect(m.sentAt.getTime()).toBeLessThanOrEqual(now);
  });

  it('gives the members, logins and images the same ids on every run', async () => {
    const ids = async (db: Database) => ({
      users: await db.db.select({ id: users.id, email: users.email }).from(users).orderBy(users.email),
      logins: await db.db.select({ id: idpAccounts.id }).from(idpAccounts).orderBy(idpAccounts.email),
      images: await db.db.select({ id: images.id, of: images.entityId }).from(images).orderBy(images.id),
    });
    const other = await openDatabase({ inMemory: true });
    try {
      expect(await seedDemoDataIfEmpty(other)).toBe(true);
      const [mine, theirs] = [await ids(database), await ids(other)];
      expect(theirs).toEqual(mine);
      // Still version 4 UUIDs.
      for (const { id } of mine.users)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('does nothing the second time', async () => {
    const before = await counts();
    expect(await seedDemoDataIfEmpty(database)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});
