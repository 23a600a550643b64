import { msg } from '@common/messages';
import type { BallGroup } from '@common/schemas/ball-groups';
import type { Registration, UserRegistration } from '@common/schemas/registrations';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, notifications } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

// 1 June 2030 is summer time in Stockholm (UTC+2): 09:10 there is 07:10 UTC.
const EVENT_START = new Date('2030-06-01T08:00:00+02:00');

describe('ball groups: tee times, starting holes and who sees the groups', () => {
  let t: TestContext;
  let admin: TestClient;
  let member: TestClient;
  let memberId: string;
  let eventId: number;
  let emptyEventId: number;
  let groups: BallGroup[];

  const groupsUrl = () => `/api/events/${eventId}/groups`;
  const publishedAt = async () =>
    (await t.db.select().from(events).where(eq(events.id, eventId)))[0].ballGroupsPublishedAt;
  const noticesTo = (userId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'ball_groups_published')));

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    eventId = (
      await buildEvent(t.db, {
        title: 'Midsommargolf',
        startTime: EVENT_START,
        endTime: new Date(EVENT_START.getTime() + 8 * 3_600_000),
      })
    ).id;
    emptyEventId = (await buildEvent(t.db)).id;
    for (let i = 0; i < 10; i++) {
      const u = await buildPro(t.db, { handicap: 4 + i * 3, gender: i % 2 ? 'male' : 'female' });
      await buildRegistration(t.db, { eventId, userId: u.id, paymentStatus: i % 3 ? 'pending' : 'paid' });
      if (i === 0) {
        memberId = u.id;
        member = await t.as(u);
      }
    }
    const generated = await admin.post(groupsUrl(), {});
    expect(generated.statusCode).toBe(201);
    groups = generated.json().groups;
    expect(groups).toHaveLength(3);
    expect(
      groups.every((g) => g.teeTime === null && g.teeTimeLocal === null && g.startingHole === null),
    ).toBe(true);
  });
  afterAll(() => t.close());

  describe('PATCH /api/events/{eventId}/groups/{groupId}', () => {
    const patch = (body: unknown, c = admin) => c.patch(`${groupsUrl()}/${groups[0].id}`, body as object);

    it('refuses a bad tee time, starting hole or an empty change with the Swedish message', async () => {
      for (const teeTime of [
        '9:10',
        '24:00',
        '09:60',
        '0910',
        'i morgon',
        910,
        '2030-06-01T09:10:00+02:00',
      ]) {
        const res = await patch({ teeTime });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: msg.groupTeeTimeInvalid });
      }
      for (const startingHole of [0, 19, 1.5, '3', -1]) {
        const res = await patch({ startingHole });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: msg.groupStartingHoleInvalid });
      }
      const empty = await patch({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: msg.groupNameRequired });
      const blank = await patch({ name: '  ' });
      expect(blank.json()).toEqual({ message: msg.groupNameRequired });
      const other = await admin.patch(`/api/events/${emptyEventId}/groups/${groups[0].id}`, {
        startingHole: 1,
      });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ message: msg.groupNotFound });
      expect((await patch({ teeTime: '09:10' }, member)).statusCode).toBe(403);
      expect((await patch({ teeTime: '09:10' }, t.anon)).statusCode).toBe(401);
    });

    it("sets the tee time ('HH:mm' in Swedish time on the event's date) and the starting hole, and clears them", async () => {
      const res = await patch({ teeTime: '09:10', startingHole: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: groups[0].id,
        name: groups[0].name,
        teeTime: '2030-06-01T07:10:00.000Z',
        teeTimeLocal: '09:10',
        startingHole: 10,
      });
      const renamed = await patch({ name: 'Morgonbollen' });
      expect(renamed.json()).toMatchObject({ name: 'Morgonbollen', teeTimeLocal: '09:10', startingHole: 10 });
      const cleared = await patch({ teeTime: null, startingHole: null });
      expect(cleared.json()).toMatchObject({ teeTime: null, teeTimeLocal: null, startingHole: null });
    });
  });

  describe("POST /api/events/{id}/groups/tee-times ('Fördela starttider')", () => {
    const url = () => `${groupsUrl()}/tee-times`;

    it('refuses visitors, members, bad input and an event without groups', async () => {
      const body = { firstTeeTime: '09:00', intervalMinutes: 10, mode: 'interval' };
      expect((await t.anon.post(url(), body)).statusCode).toBe(401);
      expect((await member.post(url(), body)).statusCode).toBe(403);
      const cases: [object, string][] = [
        [{ ...body, intervalMinutes: 0 }, msg.teeTimeIntervalInvalid],
        [{ ...body, intervalMinutes: 61 }, msg.teeTimeIntervalInvalid],
        [{ ...body, intervalMinutes: 7.5 }, msg.teeTimeIntervalInvalid],
        [{ ...body, mode: 'random' }, msg.teeTimeModeInvalid],
        [{ ...body, firstTeeTime: '25:00' }, msg.groupTeeTimeInvalid],
      ];
      for (const [bad, message] of cases) {
        const res = await admin.post(url(), bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
      }
      const none = await admin.post(`/api/events/${emptyEventId}/groups/tee-times`, body);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ message: msg.groupsNoneForTeeTimes });
      expect((await admin.post('/api/events/999999/groups/tee-times', body)).statusCode).toBe(404);
    });

    it('interval: the groups in order at the first time and every interval after, all from hole 1', async () => {
      const res = await admin.post(url(), { firstTeeTime: '09:00', intervalMinutes: 10, mode: 'interval' });
      expect(res.statusCode).toBe(200);
      const list = res.json() as BallGroup[];
      expect(list.map((g) => [g.id, g.teeTimeLocal, g.startingHole])).toEqual([
        [groups[0].id, '09:00', 1],
        [groups[1].id, '09:10', 1],
        [groups[2].id, '09:20', 1],
      ]);
      expect(list[1].teeTime).toBe('2030-06-01T07:10:00.000Z');
    });

    it('shotgun: every group at the first time on holes 1, 2, 3', async () => {
      const res = await admin.post(url(), { firstTeeTime: '13:30', intervalMinutes: 10, mode: 'shotgun' });
      expect(res.statusCode).toBe(200);
      expect((res.json() as BallGroup[]).map((g) => [g.teeTimeLocal, g.startingHole])).toEqual([
        ['13:30', 1],
        ['13:30', 2],
        ['13:30', 3],
      ]);
    });

    it('refuses times past midnight and changes nothing', async () => {
      const res = await admin.post(url(), { firstTeeTime: '23:45', intervalMinutes: 10, mode: 'interval' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: msg.teeTimesPastMidnight });
      const list = (await admin.get(groupsUrl())).json() as BallGroup[];
      expect(list.map((g) => g.teeTimeLocal)).toEqual(['13:30', '13:30', '13:30']);
    });
  });

  describe('members see the groups only once published', () => {
    it('before publishing: visitors 401, members 403 on the groups, and no group ids anywhere', async () => {
      expect(await publishedAt()).toBeNull();
      expect((await t.anon.get(groupsUrl())).statusCode).toBe(401);
      const res = await member.get(groupsUrl());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: msg.forbidden });

      const regs = (await member.get(`/api/events/${eventId}/registrations`)).json() as Registration[];
      expect(regs).toHaveLength(10);
      expect(regs.every((r) => r.groupId === null)).toBe(true);
      const mine = (await member.get(`/api/users/${memberId}/registrations`)).json() as UserRegistration[];
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ groupId: null, group: null });

      // Admins always see them.
      const adminRegs = (await admin.get(`/api/events/${eventId}/registrations`)).json() as Registration[];
      expect(adminRegs.every((r) => r.groupId !== null)).toBe(true);
      const adminView = (
        await admin.get(`/api/users/${memberId}/registrations`)
      ).json() as UserRegistration[];
      expect(adminView[0].group?.id).toBeTypeOf('number');
    });

    it('POST /api/events/{id}/groups/publish publishes; then members see groups, tee times, no payments', async () => {
      expect((await member.post(`${groupsUrl()}/publish`, {})).statusCode).toBe(403);
      const res = await admin.post(`${groupsUrl()}/publish`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().notified).toBe(10);
      expect((await noticesTo(memberId)).length).toBe(1);

      const seen = await member.get(groupsUrl());
      expect(seen.statusCode).toBe(200);
      const list = seen.json() as BallGroup[];
      expect(list).toHaveLength(3);
      expect(list.flatMap((g) => g.members)).toHaveLength(10);
      expect(list.flatMap((g) => g.members).every((m) => m.paymentStatus === null)).toBe(true);
      expect(list.every((g) => g.teeTimeLocal === '13:30')).toBe(true);
      // Admins still see payments.
      const adminList = (await admin.get(groupsUrl())).json() as BallGroup[];
      expect(adminList.flatMap((g) => g.members).every((m) => m.paymentStatus !== null)).toBe(true);

      const mine = (await member.get(`/api/users/${memberId}/registrations`)).json() as UserRegistration[];
      const own = list.find((g) => g.members.some((m) => m.userId === memberId));
      expect(mine[0].groupId).toBe(own?.id);
      expect(mine[0].group).toEqual({
        id: own?.id,
        name: own?.name,
        teeTime: '2030-06-01T11:30:00.000Z',
        teeTimeLocal: '13:30',
        startingHole: own?.startingHole,
      });
      const regs = (await member.get(`/api/events/${eventId}/registrations`)).json() as Registration[];
      expect(regs.every((r) => r.groupId !== null)).toBe(true);
      expect((await t.anon.get(`/api/events/${eventId}/registrations`)).statusCode).toBe(401);
    });

    it('regenerating withdraws the publication; publishing again notifies every member anew', async () => {
      const regenerated = await admin.post(groupsUrl(), {});
      expect(regenerated.statusCode).toBe(201);
      expect(await publishedAt()).toBeNull();
      expect((await member.get(groupsUrl())).statusCode).toBe(403);
      const mine = (await member.get(`/api/users/${memberId}/registrations`)).json() as UserRegistration[];
      expect(mine[0].group).toBeNull();

      const again = await admin.post(`/api/events/${eventId}/ball-groups/publish`, {});
      expect(again.json().notified).toBe(10);
      expect((await noticesTo(memberId)).length).toBe(2);
      expect((await member.get(groupsUrl())).statusCode).toBe(200);
    });
  });
});
