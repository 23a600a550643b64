import { msg } from '@common/messages';
import type { BallGroup, GenerateGroupsResult } from '@common/schemas/ball-groups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ballGroups, eventRegistrations } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

describe('ball groups', () => {
  let t: TestContext;
  let admin: TestClient;
  let member: TestClient;
  let eventId: number;
  let otherEventId: number;
  let registrations: { id: number; userId: string }[];
  let waitlistedId: number;

  const groupsOf = async (id = eventId) => t.db.select().from(ballGroups).where(eq(ballGroups.eventId, id));
  const groupIdOf = async (registrationId: number) =>
    (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, registrationId)))[0]
      .groupId;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    const memberRow = await buildPro(t.db);
    member = await t.as(memberRow);
    eventId = (await buildEvent(t.db, { maxParticipants: 12 })).id;
    otherEventId = (await buildEvent(t.db)).id;
    registrations = [];
    for (let i = 0; i < 10; i++) {
      const u = await buildPro(t.db, {
        handicap: i === 3 ? null : 5 + i * 3,
        gender: i % 2 ? 'male' : 'female',
      });
      registrations.push(await buildRegistration(t.db, { eventId, userId: u.id }));
    }
    registrations.push(await buildRegistration(t.db, { eventId, userId: memberRow.id }));
    const w = await buildPro(t.db, { handicap: 12 });
    waitlistedId = (await buildRegistration(t.db, { eventId, userId: w.id, status: 'waitlisted' })).id;
  });
  afterAll(() => t.close());

  describe('authorization', () => {
    const calls = () =>
      [
        (c: TestClient) => c.get(`/api/events/${eventId}/groups`),
        (c: TestClient) => c.post(`/api/events/${eventId}/groups`, {}),
        (c: TestClient) => c.patch(`/api/events/${eventId}/groups/1`, { name: 'X' }),
        (c: TestClient) => c.delete(`/api/events/${eventId}/groups/1`),
        (c: TestClient) =>
          c.patch(`/api/events/${eventId}/registrations/${registrations[0].id}/group`, { groupId: null }),
      ] as const;

    it('answers 401 to visitors and 403 to members on every call, changing nothing', async () => {
      for (const call of calls()) {
        const anon = await call(t.anon);
        expect(anon.statusCode).toBe(401);
        expect(anon.json()).toEqual({ message: msg.notLoggedIn });
        const res = await call(member);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: msg.forbidden });
      }
      expect(await groupsOf()).toHaveLength(0);
    });
  });

  describe('GET and POST /api/events/{id}/groups', () => {
    it('404s for an unknown event and 400s for a bad id', async () => {
      expect((await admin.get('/api/events/999999/groups')).json()).toEqual({ message: msg.eventNotFound });
      const bad = await admin.get('/api/events/abc/groups');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Ogiltigt event-id' });
      const gen = await admin.post('/api/events/999999/groups', {});
      expect(gen.statusCode).toBe(404);
    });

    it('refuses to generate without registered members', async () => {
      const res = await admin.post(`/api/events/${otherEventId}/groups`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: msg.groupsNoneRegistered });
      expect(await groupsOf(otherEventId)).toHaveLength(0);
    });

    it('lists no groups before generation', async () => {
      const res = await admin.get(`/api/events/${eventId}/groups`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('generates groups of 4, 4, 3 from the registered members only, with figures', async () => {
      const res = await admin.post(`/api/events/${eventId}/groups`);
      expect(res.statusCode).toBe(201);
      const body = res.json() as GenerateGroupsResult;
      expect(body.groups.map((g) => g.members.length).sort()).toEqual([3, 4, 4]);
      expect(body.groups.map((g) => g.name)).toEqual(['Bollgrupp 1', 'Bollgrupp 2', 'Bollgrupp 3']);
      const ids = body.groups.flatMap((g) => g.members.map((m) => m.id)).sort((a, b) => a - b);
      expect(ids).toEqual(registrations.map((r) => r.id).sort((a, b) => a - b));
      expect(body.figures.groupCount).toBe(3);
      expect(body.figures.mixedGroups).toBe(3);
      expect(body.figures.handicapSpread).toBeLessThanOrEqual(body.figures.spreadBound);
      for (const g of body.groups) expect(g.stats.memberCount).toBe(g.members.length);
      // Ten members with a gender (five of each); the eleventh has none in the profile.
      expect(body.groups.reduce((s, g) => s + g.stats.male, 0)).toBe(5);
      expect(body.groups.reduce((s, g) => s + g.stats.female, 0)).toBe(5);
      const withHcp = body.groups.flatMap((g) => g.members).filter((m) => m.handicap !== null);
      expect(withHcp).toHaveLength(9);
      expect(await groupIdOf(waitlistedId)).toBeNull();
      const rows = await groupsOf();
      expect(rows).toHaveLength(3);
      for (const r of registrations) expect(rows.map((g) => g.id)).toContain(await groupIdOf(r.id));
    });

    it('replaces existing groups on regeneration, deterministically', async () => {
      const before = (await admin.get(`/api/events/${eventId}/groups`)).json() as BallGroup[];
      const res = await admin.post(`/api/events/${eventId}/groups`, {});
      expect(res.statusCode).toBe(201);
      const after = (res.json() as GenerateGroupsResult).groups;
      expect(await groupsOf()).toHaveLength(3);
      expect(after.map((g) => g.id)).not.toEqual(before.map((g) => g.id));
      expect(after.map((g) => g.members.map((m) => m.id))).toEqual(
        before.map((g) => g.members.map((m) => m.id)),
      );
    });
  });

  describe('PATCH /api/events/{eventId}/groups/{groupId}', () => {
    it('renames with a trimmed name and refuses a blank one', async () => {
      const [g] = await groupsOf();
      const blank = await admin.patch(`/api/events/${eventId}/groups/${g.id}`, { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ message: msg.groupNameRequired });
      const missing = await admin.patch(`/api/events/${eventId}/groups/${g.id}`, {});
      expect(missing.json()).toEqual({ message: msg.groupNameRequired });
      const res = await admin.patch(`/api/events/${eventId}/groups/${g.id}`, { name: '  Morgongruppen ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe('Morgongruppen');
      expect((await groupsOf()).find((x) => x.id === g.id)?.name).toBe('Morgongruppen');
    });

    it('404s for a group of another event', async () => {
      const [g] = await groupsOf();
      const res = await admin.patch(`/api/events/${otherEventId}/groups/${g.id}`, { name: 'X' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: msg.groupNotFound });
    });
  });

  describe('PATCH /api/events/{eventId}/registrations/{registrationId}/group', () => {
    it('moves a member to another group of the same event', async () => {
      const [a, b] = await groupsOf();
      const r = registrations[0];
      const res = await admin.patch(`/api/events/${eventId}/registrations/${r.id}/group`, {
        groupId: (await groupIdOf(r.id)) === a.id ? b.id : a.id,
      });
      expect(res.statusCode).toBe(200);
      expect([a.id, b.id]).toContain(res.json().groupId);
      expect(await groupIdOf(r.id)).toBe(res.json().groupId);
    });

    it('removes (null) and adds back', async () => {
      const [a] = await groupsOf();
      const r = registrations[1];
      const removed = await admin.patch(`/api/events/${eventId}/registrations/${r.id}/group`, {
        groupId: null,
      });
      expect(removed.statusCode).toBe(200);
      expect(await groupIdOf(r.id)).toBeNull();
      const added = await admin.patch(`/api/events/${eventId}/registrations/${r.id}/group`, {
        groupId: a.id,
      });
      expect(added.json().groupId).toBe(a.id);
      expect(await groupIdOf(r.id)).toBe(a.id);
    });

    it('refuses a group of another event, a waitlisted member, bad input and unknown ids', async () => {
      const [a] = await groupsOf();
      const otherGroup = (
        await t.db.insert(ballGroups).values({ eventId: otherEventId, name: 'Annan' }).returning()
      )[0];
      const r = registrations[2];
      const before = await groupIdOf(r.id);

      const other = await admin.patch(`/api/events/${eventId}/registrations/${r.id}/group`, {
        groupId: otherGroup.id,
      });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ message: msg.groupOtherEvent });

      const wait = await admin.patch(`/api/events/${eventId}/registrations/${waitlistedId}/group`, {
        groupId: a.id,
      });
      expect(wait.statusCode).toBe(400);
      expect(wait.json()).toEqual({ message: msg.groupOnlyRegistered });
      expect(await groupIdOf(waitlistedId)).toBeNull();

      const bad = await admin.patch(`/api/events/${eventId}/registrations/${r.id}/group`, { groupId: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: msg.groupIdInvalid });

      const noGroup = await admin.patch(`/api/events/${eventId}/registrations/${r.id}/group`, {
        groupId: 999999,
      });
      expect(noGroup.statusCode).toBe(404);
      expect(noGroup.json()).toEqual({ message: msg.groupNotFound });

      const wrongEvent = await admin.patch(`/api/events/${otherEventId}/registrations/${r.id}/group`, {
        groupId: null,
      });
      expect(wrongEvent.statusCode).toBe(404);
      expect(wrongEvent.json()).toEqual({ message: msg.registrationNotFound });
      expect(await groupIdOf(r.id)).toBe(before);
    });
  });

  describe('DELETE /api/events/{eventId}/groups/{groupId}', () => {
    it('deletes a group and unassigns its members', async () => {
      const [g] = await groupsOf();
      const inGroup = (
        await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.groupId, g.id))
      ).map((r) => r.id);
      expect(inGroup.length).toBeGreaterThan(0);
      const res = await admin.delete(`/api/events/${eventId}/groups/${g.id}`);
      expect(res.statusCode).toBe(204);
      expect((await groupsOf()).map((x) => x.id)).not.toContain(g.id);
      for (const id of inGroup) expect(await groupIdOf(id)).toBeNull();
      const again = await admin.delete(`/api/events/${eventId}/groups/${g.id}`);
      expect(again.statusCode).toBe(404);
    });
  });

  describe("a member's own registrations", () => {
    it('show the group the member is in, once the groups are published', async () => {
      const mine = registrations[registrations.length - 1];
      const groupId = await groupIdOf(mine.id);
      expect(groupId).not.toBeNull();
      const itemOf = async () => {
        const res = await member.get(`/api/users/${mine.userId}/registrations`);
        expect(res.statusCode).toBe(200);
        return (res.json() as { id: number; groupId: number | null }[]).find((x) => x.id === mine.id);
      };
      expect((await itemOf())?.groupId).toBeNull();
      expect((await admin.post(`/api/events/${eventId}/groups/publish`, {})).statusCode).toBe(200);
      expect((await itemOf())?.groupId).toBe(groupId);
    });
  });

  describe('earlier partners', () => {
    it('are kept apart at a later event when it costs no balance', async () => {
      const past = await buildEvent(t.db, {
        startTime: new Date(Date.now() - 20 * 86_400_000),
        endTime: new Date(Date.now() - 20 * 86_400_000 + 3_600_000),
      });
      const later = await buildEvent(t.db);
      const people = [];
      for (let i = 0; i < 8; i++)
        people.push(await buildPro(t.db, { handicap: 18, gender: i % 2 ? 'male' : 'female' }));
      const [g1, g2] = await t.db
        .insert(ballGroups)
        .values([
          { eventId: past.id, name: 'A' },
          { eventId: past.id, name: 'B' },
        ])
        .returning();
      for (const [i, p] of people.entries()) {
        await buildRegistration(t.db, { eventId: past.id, userId: p.id, groupId: i < 4 ? g1.id : g2.id });
        await buildRegistration(t.db, { eventId: later.id, userId: p.id });
      }
      const res = await admin.post(`/api/events/${later.id}/groups`, {});
      const body = res.json() as GenerateGroupsResult;
      expect(body.figures.previousPairs).toBe(12);
      expect(body.figures.repeatedPairs).toBe(4);
      expect(body.figures.repeatedPairsAvoided).toBe(8);
    });
  });
});
