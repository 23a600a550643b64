import { msg } from '@common/messages';
import type { RoomingView } from '@common/schemas/rooming';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventRegistrations, notifications } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration, eventFormPayload } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Room-sharing on trips (issue 30): wishes by participant id, mutuality, the organiser's rooming, publishing. */
describe('rooming', () => {
  let t: TestContext;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    asAdmin = await t.as(await buildAdmin(t.db));
  });
  afterAll(() => t.close());

  /** A trip three weeks ahead over two nights. */
  const trip = () => {
    const start = new Date(Date.now() + 21 * DAY);
    return buildEvent(t.db, { startTime: start, endTime: new Date(start.getTime() + 2 * DAY + 6 * HOUR) });
  };
  type Member = { user: UserRow; as: TestClient };
  async function member(eventId: number, over: Partial<UserRow> = {}, reg = {}): Promise<Member> {
    const user = await buildPro(t.db, over);
    await buildRegistration(t.db, { eventId, userId: user.id, ...reg });
    return { user, as: await t.as(user) };
  }
  const wishUrl = (id: number) => `/api/events/${id}/registration/room-wish`;

  it('names the room-mate by participant id: not oneself, only a participant; the name is kept beside it', async () => {
    const e = await trip();
    const eva = await member(e.id, { firstName: 'Eva', lastName: 'Ek' });
    const olle = await member(e.id, { firstName: 'Olle', lastName: 'Ås' });
    const outsider = await buildPro(t.db);

    const self = await eva.as.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateId: eva.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: msg.roomMateSelf });
    const notThere = await eva.as.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateId: outsider.id });
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json()).toEqual({ message: msg.roomMateNotParticipant });
    const bad = await eva.as.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateId: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: msg.roomMateNotParticipant });

    const ok = await eva.as.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateId: olle.user.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      roomWish: 'shared_with',
      roomMateId: olle.user.id,
      roomMateName: 'Olle Ås',
    });

    // 'Blandat går bra' belongs to 'Dela rum' only.
    const mixed = await olle.as.put(wishUrl(e.id), { roomWish: 'shared', roomMixedOk: true });
    expect(mixed.json()).toMatchObject({ roomWish: 'shared', roomMixedOk: true, roomMateId: null });
    const single = await olle.as.put(wishUrl(e.id), { roomWish: 'single', roomMixedOk: true });
    expect(single.json()).toMatchObject({ roomWish: 'single', roomMixedOk: false });

    // Registering with a wish by id works the same way.
    const later = await buildPro(t.db, { firstName: 'Lisa' });
    const asLater = await t.as(later);
    const reg = await asLater.post(`/api/events/${e.id}/register`, {
      roomWish: 'shared_with',
      roomMateId: eva.user.id,
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json()).toMatchObject({ roomMateId: eva.user.id, roomMateName: 'Eva Ek' });
  });

  it('keeps the rooming to organisers of trips: 401, 403, 400 for a one-day event', async () => {
    const e = await trip();
    const m = await member(e.id);
    const url = `/api/events/${e.id}/rooms`;
    expect((await t.anon.get(url)).statusCode).toBe(401);
    for (const res of [
      await m.as.get(url),
      await m.as.post(`${url}/auto`),
      await m.as.put(url, { rooms: [] }),
      await m.as.post(`${url}/publish`, { published: true }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const round = await buildEvent(t.db);
    const oneDay = await asAdmin.get(`/api/events/${round.id}/rooms`);
    expect(oneDay.statusCode).toBe(400);
    expect(oneDay.json()).toEqual({ message: msg.roomsOnlyForTrips });
    expect((await asAdmin.get('/api/events/999999/rooms')).statusCode).toBe(404);
  });

  it('pairs mutual wishes first, then the same gender by age; marks mutuality; the organiser moves people', async () => {
    const e = await trip();
    const anna = await member(e.id, { firstName: 'Anna', gender: 'female', birthDate: '1980-01-01' });
    const bo = await member(e.id, { firstName: 'Bo', gender: 'male', birthDate: '1950-01-01' });
    const cia = await member(e.id, { firstName: 'Cia', gender: 'female', birthDate: '1982-01-01' });
    const dan = await member(e.id, { firstName: 'Dan', gender: 'male', birthDate: '1990-01-01' });
    const eli = await member(e.id, { firstName: 'Eli', gender: 'female', birthDate: '1960-01-01' });
    const waiting = await member(e.id, { firstName: 'Vera', gender: 'female' }, { status: 'waitlisted' });
    // Anna and Bo name each other (mutual); Eli names Dan, who did not name her (one-sided).
    await anna.as.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateId: bo.user.id });
    await bo.as.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateId: anna.user.id });
    await eli.as.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateId: dan.user.id });
    await cia.as.put(wishUrl(e.id), { roomWish: 'shared' });

    const auto = await asAdmin.post(`/api/events/${e.id}/rooms/auto`);
    expect(auto.statusCode).toBe(200);
    const v = auto.json() as RoomingView;
    const rooms = v.rooms.map((r) => r.members.map((m) => m.name.split(' ')[0]).sort());
    // Mutual pair; then the women by age (Cia 44, Eli 66); Dan alone (no other man left).
    expect(rooms).toEqual([['Anna', 'Bo'], ['Cia', 'Eli'], ['Dan']]);
    expect(v.unassigned).toEqual([]);
    const everyone = v.rooms.flatMap((r) => r.members);
    expect(everyone.find((p) => p.userId === anna.user.id)?.mutual).toBe(true);
    expect(everyone.find((p) => p.userId === eli.user.id)?.mutual).toBe(false);
    // The waitlisted member has no room.
    expect(everyone.some((p) => p.userId === waiting.user.id)).toBe(false);

    // The organiser moves Dan in with Eli, Cia alone.
    const moved = await asAdmin.put(`/api/events/${e.id}/rooms`, {
      rooms: [
        { userIds: [anna.user.id, bo.user.id] },
        { userIds: [eli.user.id, dan.user.id] },
        { userIds: [cia.user.id] },
      ],
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as RoomingView).rooms.map((r) => r.members.length)).toEqual([2, 2, 1]);
    for (const rooms of [
      [{ userIds: [anna.user.id] }, { userIds: [anna.user.id] }],
      [{ userIds: [waiting.user.id] }],
      [{ userIds: ['nobody'] }],
      [{ userIds: [] }],
      [{ userIds: [anna.user.id, bo.user.id, cia.user.id, dan.user.id, eli.user.id] }],
    ]) {
      const res = await asAdmin.put(`/api/events/${e.id}/rooms`, { rooms });
      expect(res.statusCode, JSON.stringify(rooms)).toBe(400);
      expect(res.json()).toEqual({ message: msg.roomsInvalid });
    }
    // A refused save changed nothing.
    const [danRow] = await t.db
      .select()
      .from(eventRegistrations)
      .where(eq(eventRegistrations.userId, dan.user.id));
    expect(danRow.roomNumber).toBe(2);

    // The rooms export follows the rooming.
    const csv = await asAdmin.get(`/api/admin/events/${e.id}/export.csv?list=rooms`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Rum;Namn;Kön;Status;Rumsönskemål;Dela rum med;Rumskompisar');
    expect(lines.slice(1, 6).map((l) => l.split(';')[0])).toEqual(['1', '1', '2', '2', '3']);
    expect(lines.find((l) => l.includes(`${dan.user.firstName} `))).toContain(eli.user.fullName ?? 'Eli');
  });

  it('shows members their room-mates only once the rooms are published', async () => {
    const e = await trip();
    const a = await member(e.id, { firstName: 'Ada', lastName: 'Ahl', gender: 'female' });
    const b = await member(e.id, { firstName: 'Bea', lastName: 'Berg', gender: 'female' });
    const outsider = await t.as(await buildPro(t.db));
    await asAdmin.post(`/api/events/${e.id}/rooms/auto`);
    const url = `/api/events/${e.id}/my-room`;

    expect((await a.as.get(url)).json()).toEqual({ published: false, roomNumber: null, roomMates: [] });
    expect((await outsider.get(url)).statusCode).toBe(403);
    expect((await t.anon.get(url)).statusCode).toBe(401);

    const pub = await asAdmin.post(`/api/events/${e.id}/rooms/publish`, { published: true });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().publishedAt).not.toBeNull();
    expect((await a.as.get(url)).json()).toEqual({
      published: true,
      roomNumber: 1,
      roomMates: [{ id: b.user.id, name: 'Bea Berg' }],
    });
    const detail = await a.as.get(`/api/events/${e.id}`);
    expect(detail.json().roomsPublishedAt).not.toBeNull();

    await asAdmin.post(`/api/events/${e.id}/rooms/publish`, { published: false });
    expect((await b.as.get(url)).json()).toMatchObject({ published: false, roomMates: [] });
  });

  it('tells members whose room-mate changed after publishing, once per change, and nobody else', async () => {
    const e = await trip();
    const [ada, bea, cia, dea, eva] = await Promise.all(
      ['Ada', 'Bea', 'Cia', 'Dea', 'Eva'].map((firstName) =>
        member(e.id, { firstName, lastName: 'Rum', gender: 'female' }),
      ),
    );
    const url = `/api/events/${e.id}/rooms`;
    const save = async (rooms: Member[][]) => {
      const res = await asAdmin.put(url, { rooms: rooms.map((r) => ({ userIds: r.map((m) => m.user.id) })) });
      expect(res.statusCode).toBe(200);
    };
    const told = async () =>
      (
        await t.db
          .select({ userId: notifications.userId, title: notifications.title, body: notifications.body })
          .from(notifications)
          .where(eq(notifications.type, 'room_changed'))
      ).filter((n) => [ada, bea, cia, dea, eva].some((m) => m.user.id === n.userId));
    const bodyOf = (rows: Awaited<ReturnType<typeof told>>, m: Member) =>
      rows.filter((n) => n.userId === m.user.id).map((n) => n.body);

    // Before publishing, nobody has seen a room: moving people tells nobody.
    await asAdmin.post(`${url}/auto`);
    await save([[ada, bea], [cia, dea], [eva]]);
    expect(await told()).toEqual([]);

    await asAdmin.post(`${url}/publish`, { published: true });
    expect(await told()).toEqual([]);

    // Cia alone, Dea in with Eva; Ada and Bea keep each other (only their room number changes).
    await save([[cia], [ada, bea], [dea, eva]]);
    let rows = await told();
    expect(rows).toHaveLength(3);
    expect(bodyOf(rows, cia)).toEqual([`Arrangören har ändrat rummen. Du har nu enkelrum på ${e.title}.`]);
    expect(bodyOf(rows, dea)).toEqual([
      `Arrangören har ändrat rummen. Du delar nu rum med Eva Rum på ${e.title}.`,
    ]);
    expect(bodyOf(rows, eva)).toEqual([
      `Arrangören har ändrat rummen. Du delar nu rum med Dea Rum på ${e.title}.`,
    ]);
    expect(rows.find((n) => n.userId === dea.user.id)?.title).toBe(`Ny rumskompis: ${e.title}`);
    expect(bodyOf(rows, ada)).toEqual([]);
    expect(bodyOf(rows, bea)).toEqual([]);

    // Saving the same rooms again tells nobody.
    await save([[cia], [ada, bea], [dea, eva]]);
    expect(await told()).toHaveLength(3);

    // Eva left out: she has no room for now, Dea a room of her own; and a room of three names both.
    await save([[cia, ada, bea], [dea]]);
    rows = await told();
    expect(bodyOf(rows, eva)[1]).toBe(
      `Arrangören har ändrat rummen. Du har inget rum på ${e.title} just nu; arrangören återkommer.`,
    );
    expect(bodyOf(rows, dea)[1]).toBe(`Arrangören har ändrat rummen. Du har nu enkelrum på ${e.title}.`);
    expect(bodyOf(rows, cia)[1]).toBe(
      `Arrangören har ändrat rummen. Du delar nu rum med Ada Rum och Bea Rum på ${e.title}.`,
    );
    expect(bodyOf(rows, ada)).toEqual([
      `Arrangören har ändrat rummen. Du delar nu rum med Bea Rum och Cia Rum på ${e.title}.`,
    ]);
    expect(rows).toHaveLength(8);
  });

  it('stores and shows the single-room supplement set in the event form', async () => {
    const created = await asAdmin.post('/api/events', eventFormPayload({ singleRoomSupplement: 950 }));
    expect(created.statusCode).toBe(201);
    const detail = await asAdmin.get(`/api/events/${created.json().id}`);
    expect(detail.json()).toMatchObject({ singleRoomSupplement: 950, roomsPublishedAt: null });
    for (const bad of [-1, 1.5, 100_001, 'mycket']) {
      const res = await asAdmin.put(
        `/api/events/${created.json().id}`,
        eventFormPayload({ singleRoomSupplement: bad }),
      );
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toEqual({ message: msg.singleRoomSupplementInvalid });
    }
    const cleared = await asAdmin.put(
      `/api/events/${created.json().id}`,
      eventFormPayload({ singleRoomSupplement: null }),
    );
    expect(cleared.statusCode).toBe(200);
    expect((await asAdmin.get(`/api/events/${created.json().id}`)).json().singleRoomSupplement).toBeNull();
  });
});
