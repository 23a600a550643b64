import { msg } from '@common/messages';
import type { BallGroup } from '@common/schemas/ball-groups';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events, notifications } from '../db/schema';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

describe('ball groups: tee times and publishing', () => {
  let t: TestContext;
  let admin: TestClient;
  let member: TestClient;
  let eventId: number;
  let players: { id: number; userId: string }[];
  let waitlisted: string;
  let outsider: string;

  const noticesOf = () =>
    t.db
      .select({ userId: notifications.userId, body: notifications.body, url: notifications.url })
      .from(notifications)
      .where(eq(notifications.type, 'ball_groups_published'));

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    eventId = (await buildEvent(t.db, { maxParticipants: 12 })).id;
    players = [];
    for (let i = 0; i < 6; i++) {
      const u = await buildUser(t.db, { handicap: 5 + i * 4 });
      players.push(await buildRegistration(t.db, { eventId, userId: u.id }));
    }
    member = await t.as({ id: players[0].userId });
    waitlisted = (await buildUser(t.db)).id;
    await buildRegistration(t.db, { eventId, userId: waitlisted, status: 'waitlisted' });
    outsider = (await buildUser(t.db)).id;
  });
  afterAll(() => t.close());

  it('refuses visitors (401) and members (403), and publishing without groups (400)', async () => {
    for (const c of [t.anon, member]) {
      const res = await c.post(`/api/events/${eventId}/ball-groups/publish`, {});
      expect(res.statusCode).toBe(c === t.anon ? 401 : 403);
      const tee = await c.patch(`/api/events/${eventId}/groups/1/tee-time`, { teeTime: null });
      expect(tee.statusCode).toBe(c === t.anon ? 401 : 403);
    }
    const none = await admin.post(`/api/events/${eventId}/ball-groups/publish`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: msg.groupsNoneToPublish });
    expect((await admin.post('/api/events/999999/ball-groups/publish', {})).statusCode).toBe(404);
    expect(await noticesOf()).toEqual([]);
  });

  it('sets and clears a tee time, refusing a bad one', async () => {
    const generated = await admin.post(`/api/events/${eventId}/groups`, {});
    expect(generated.statusCode).toBe(201);
    const groups = generated.json().groups as BallGroup[];
    expect(groups.every((g) => g.teeTime === null)).toBe(true);
    const bad = await admin.patch(`/api/events/${eventId}/groups/${groups[0].id}/tee-time`, {
      teeTime: 'i morgon',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: msg.groupTeeTimeInvalid });
    for (const [i, g] of groups.entries()) {
      const res = await admin.patch(`/api/events/${eventId}/groups/${g.id}/tee-time`, {
        teeTime: `2030-06-01T0${8 + i}:00:00+02:00`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().teeTime).toBe(new Date(`2030-06-01T0${8 + i}:00:00+02:00`).toISOString());
    }
    const cleared = await admin.patch(`/api/events/${eventId}/groups/${groups[0].id}/tee-time`, {
      teeTime: null,
    });
    expect(cleared.json().teeTime).toBeNull();
    await admin.patch(`/api/events/${eventId}/groups/${groups[0].id}/tee-time`, {
      teeTime: '2030-06-01T08:00:00+02:00',
    });
  });

  it('tells every registered member in a group their group and tee time, and nobody else', async () => {
    const res = await admin.post(`/api/events/${eventId}/ball-groups/publish`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notified: players.length });
    const [event] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(event.ballGroupsPublishedAt?.toISOString()).toBe(res.json().publishedAt);
    const rows = await noticesOf();
    expect(rows.map((r) => r.userId).sort()).toEqual(players.map((p) => p.userId).sort());
    expect(rows.some((r) => r.userId === waitlisted || r.userId === outsider)).toBe(false);
    expect(rows.every((r) => r.url === `/events/${eventId}`)).toBe(true);
    expect(
      rows.every((r) => /^Du spelar i Bollgrupp \d med start lördag 1 juni kl\. 0\d:00\.$/.test(r.body)),
    ).toBe(true);
  });

  it('republishing notifies only members whose group or tee time changed', async () => {
    const again = await admin.post(`/api/events/${eventId}/ball-groups/publish`, {});
    expect(again.json().notified).toBe(0);

    const groups = (await admin.get(`/api/events/${eventId}/groups`)).json() as BallGroup[];
    // One member moves to another group, and the last group's tee time changes.
    const mover = groups[0].members[0];
    await admin.patch(`/api/events/${eventId}/registrations/${mover.id}/group`, { groupId: groups[1].id });
    const last = groups[groups.length - 1];
    await admin.patch(`/api/events/${eventId}/groups/${last.id}/tee-time`, {
      teeTime: '2030-06-01T11:30:00+02:00',
    });
    const changed = new Set([mover.userId, ...last.members.map((m) => m.userId)]);

    const before = (await noticesOf()).length;
    const res = await admin.post(`/api/events/${eventId}/ball-groups/publish`, {});
    expect(res.json().notified).toBe(changed.size);
    const rows = await noticesOf();
    expect(rows.length - before).toBe(changed.size);
    const [moved] = await t.db
      .select({ groupId: eventRegistrations.groupId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.id, mover.id)));
    expect(moved.groupId).toBe(groups[1].id);
  });
});
