import { msg } from '@common/messages';
import type { GenerateGroupsResult, TogetherPair } from '@common/schemas/ball-groups';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ballGroups, eventRegistrations, userBlocks } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const DAY = 86_400_000;
type Person = Awaited<ReturnType<typeof buildPro>>;

describe('fairer ball groups over time (issue 16)', () => {
  let t: TestContext;
  let admin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const a = await buildAdmin(t.db);
    adminId = a.id;
    admin = await t.as(a);
  });
  afterAll(() => t?.close());

  /** Eight equal players registered for a new event, and a past event `daysAgo` where 1–4 and 5–8 shared groups. */
  async function fieldWithHistory(daysAgo: number) {
    const people: Person[] = [];
    for (let i = 0; i < 8; i++)
      people.push(await buildPro(t.db, { handicap: 18, gender: i % 2 ? 'male' : 'female' }));
    const past = await buildEvent(t.db, {
      startTime: new Date(Date.now() - daysAgo * DAY),
      endTime: new Date(Date.now() - daysAgo * DAY + 3_600_000),
    });
    const [g1, g2] = await t.db
      .insert(ballGroups)
      .values([
        { eventId: past.id, name: 'A' },
        { eventId: past.id, name: 'B' },
      ])
      .returning();
    const later = await buildEvent(t.db);
    const regs = [];
    for (const [i, p] of people.entries()) {
      await buildRegistration(t.db, { eventId: past.id, userId: p.id, groupId: i < 4 ? g1.id : g2.id });
      regs.push(await buildRegistration(t.db, { eventId: later.id, userId: p.id }));
    }
    return { people, later, regs };
  }

  const generate = async (eventId: number) => {
    const res = await admin.post(`/api/events/${eventId}/groups`, {});
    expect(res.statusCode).toBe(201);
    return res.json() as GenerateGroupsResult;
  };

  it('looks back 12 months: partners of last month count, partners of two years ago do not', async () => {
    const recent = await fieldWithHistory(30);
    expect((await generate(recent.later.id)).figures).toMatchObject({ previousPairs: 12, repeatedPairs: 4 });
    const old = await fieldWithHistory(400);
    expect((await generate(old.later.id)).figures).toMatchObject({ previousPairs: 0, repeatedPairs: 0 });
  });

  it('answers the play-together routes only to admins, with Swedish messages for bad requests', async () => {
    const { later, regs } = await fieldWithHistory(30);
    const member = await t.as(await buildPro(t.db));
    const url = `/api/events/${later.id}/groups/together`;
    expect((await t.anon.get(url)).statusCode).toBe(401);
    expect((await member.get(url)).statusCode).toBe(403);
    expect((await member.post(url, { registrationIds: [regs[0].id, regs[1].id] })).statusCode).toBe(403);
    for (const [body, message] of [
      [{ registrationIds: [regs[0].id] }, msg.togetherInvalid],
      [{ registrationIds: [regs[0].id, regs[0].id] }, msg.togetherSame],
      [{ registrationIds: [regs[0].id, 999999] }, msg.togetherNotRegistered],
    ] as const) {
      const res = await admin.post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A registration of another event is not one of this event's.
    const elsewhere = await fieldWithHistory(30);
    expect(
      (await admin.post(url, { registrationIds: [regs[0].id, elsewhere.regs[0].id] })).json().message,
    ).toBe(msg.togetherNotRegistered);
    expect((await admin.get('/api/events/999999/groups/together')).statusCode).toBe(404);
  });

  it('places requested pairs together (the last-month partners among them), lists them, logs every change', async () => {
    const { people, later, regs } = await fieldWithHistory(30);
    const url = `/api/events/${later.id}/groups/together`;
    // Two who played together last month and want to again, and two who never did.
    const first = await admin.post(url, { registrationIds: [regs[0].id, regs[1].id] });
    expect(first.statusCode).toBe(201);
    expect((await admin.post(url, { registrationIds: [regs[1].id, regs[0].id] })).statusCode).toBe(200);
    expect((await admin.post(url, { registrationIds: [regs[2].id, regs[6].id] })).statusCode).toBe(201);
    const listed = (await admin.get(url)).json() as TogetherPair[];
    expect(listed).toHaveLength(2);
    expect(listed[0].members.map((m) => m.registrationId).sort()).toEqual([regs[0].id, regs[1].id].sort());

    const { figures } = await generate(later.id);
    expect(figures).toMatchObject({ togetherPairs: 2, togetherPairsApart: 0 });
    const groupOf = async (id: number) =>
      (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0].groupId;
    expect(await groupOf(regs[0].id)).toBe(await groupOf(regs[1].id));
    expect(await groupOf(regs[2].id)).toBe(await groupOf(regs[6].id));

    const [a, b] = [people[0].id, people[1].id].sort();
    expect((await admin.delete(`${url}/${a}/${b}`)).statusCode).toBe(204);
    expect((await admin.delete(`${url}/${a}/${b}`)).statusCode).toBe(404);
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, adminId), eq(auditLog.targetId, String(later.id))))
    ).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'ball_groups.together_add',
        'ball_groups.generate',
        'ball_groups.together_remove',
      ]),
    );
  });

  it('refuses to ask for a blocked pair to play together', async () => {
    const { people, later, regs } = await fieldWithHistory(30);
    await t.db.insert(userBlocks).values({ blockerId: people[3].id, blockedId: people[4].id });
    const res = await admin.post(`/api/events/${later.id}/groups/together`, {
      registrationIds: [regs[4].id, regs[3].id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.togetherBlocked);
  });

  it('records moves, renames, tee times, publishing and deletion in the audit log', async () => {
    const { later, regs } = await fieldWithHistory(30);
    const { groups } = await generate(later.id);
    const [g1, g2] = groups;
    const base = `/api/events/${later.id}`;
    expect((await admin.patch(`${base}/groups/${g1.id}`, { name: 'Första bollen' })).statusCode).toBe(200);
    expect(
      (await admin.patch(`${base}/registrations/${regs[0].id}/group`, { groupId: g2.id })).statusCode,
    ).toBe(200);
    expect(
      (
        await admin.post(`${base}/groups/tee-times`, {
          mode: 'interval',
          firstTeeTime: '09:00',
          intervalMinutes: 10,
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.post(`${base}/groups/publish`, {})).statusCode).toBe(200);
    expect((await admin.delete(`${base}/groups/${g2.id}`)).statusCode).toBe(204);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.actorId, adminId));
    const has = (action: string, targetId: number) =>
      entries.some((e) => e.action === action && e.targetId === String(targetId));
    expect(has('ball_groups.update', g1.id)).toBe(true);
    expect(has('ball_groups.move', regs[0].id)).toBe(true);
    expect(has('ball_groups.tee_times', later.id)).toBe(true);
    expect(has('ball_groups.publish', later.id)).toBe(true);
    expect(has('ball_groups.delete', g2.id)).toBe(true);
    // A refused change leaves no entry.
    const before = entries.length;
    expect((await admin.delete(`${base}/groups/${g2.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.actorId, adminId))).toHaveLength(before);
  });
});
