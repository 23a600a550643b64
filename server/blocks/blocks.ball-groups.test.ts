import { msg } from '@common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('ball groups keep blocked pairs apart', () => {
  let t: TestContext;
  let admin: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    member = await t.as(await buildUser(t.db));
  });
  afterAll(() => t?.close());

  it('generation separates a blocked pair the plain generation put together; admins list the pairs', async () => {
    const event = await buildEvent(t.db);
    const people: User[] = [];
    const registrations = new Map<string, number>();
    for (let i = 0; i < 8; i++) {
      const u = await buildUser(t.db, { handicap: 10 + i, gender: i % 2 ? 'male' : 'female' });
      people.push(u);
      const r = await buildRegistration(t.db, { eventId: event.id, userId: u.id, status: 'registered' });
      registrations.set(u.id, r.id);
    }
    const groupsOf = (body: { groups: { members: { userId: string }[] }[] }) =>
      body.groups.map((g) => g.members.map((x) => x.userId));
    const plain = await admin.post(`/api/events/${event.id}/groups`);
    expect(plain.statusCode).toBe(201);
    const [x, y] = groupsOf(plain.json())[0];
    expect(plain.json().figures.blockedPairs).toBe(0);

    const blocker = await t.as(people.find((p) => p.id === x)!);
    expect((await blocker.post('/api/blocks', { userId: y })).statusCode).toBe(201);

    const pairs = await admin.get(`/api/events/${event.id}/groups/blocked-pairs`);
    expect(pairs.statusCode).toBe(200);
    const expected = [registrations.get(x)!, registrations.get(y)!].sort((p, q) => p - q);
    expect(pairs.json()).toEqual([{ registrationIds: expected }]);

    const again = await admin.post(`/api/events/${event.id}/groups`);
    expect(again.statusCode).toBe(201);
    const groups = groupsOf(again.json());
    expect(groups.some((g) => g.includes(x) && g.includes(y))).toBe(false);
    expect(groups.flat().sort()).toEqual(people.map((p) => p.id).sort());
    expect(again.json().figures).toMatchObject({ blockedPairs: 1, blockedPairsTogether: 0 });
  });

  it('the blocked pairs: 401 for visitors, 403 for members, 404 for an unknown event, none without blocks', async () => {
    const event = await buildEvent(t.db);
    expect((await t.anon.get(`/api/events/${event.id}/groups/blocked-pairs`)).statusCode).toBe(401);
    const forbidden = await member.get(`/api/events/${event.id}/groups/blocked-pairs`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: msg.forbidden });
    const unknown = await admin.get('/api/events/999999/groups/blocked-pairs');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: msg.eventNotFound });
    expect((await admin.get(`/api/events/${event.id}/groups/blocked-pairs`)).json()).toEqual([]);
  });
});
