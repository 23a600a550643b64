import { eq, inArray, or } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { notifications, rideMessages, ridePassengers, rides } from '../db/schema';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const HOUR = 60 * 60 * 1000;

/** 'Samåkning' in the member's data export and with a deleted account (issue 30). */
describe('rides and the member’s data', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  type Member = { user: UserRow; as: TestClient };
  async function setUp() {
    const event = await buildEvent(t.db, { title: 'Golfresan' });
    const members: Member[] = [];
    for (const [firstName, lastName] of [
      ['Greta', 'Förare'],
      ['Olof', 'Passagerare'],
      ['Sara', 'Medresenär'],
      ['Hugo', 'Annanbil'],
    ]) {
      const user = await buildUser(t.db, { firstName, lastName });
      await buildRegistration(t.db, { eventId: event.id, userId: user.id });
      members.push({ user, as: await t.as(user) });
    }
    const [greta, olof, sara, hugo] = members;
    const departAt = new Date(event.startTime.getTime() - 2 * HOUR).toISOString();
    const post = (m: Member, body: Record<string, unknown>) =>
      m.as.post(`/api/events/${event.id}/rides`, { departAt, ...body });
    // Greta drives Olof; Olof and Sara ride with Hugo; Greta also asks for a ride home.
    const gretas = (
      await post(greta, { kind: 'offer', from: 'Täby', seats: 2, note: 'Plats för bag' })
    ).json().id;
    const request = (await post(greta, { kind: 'request', from: 'Solna' })).json().id;
    const hugos = (
      await post(hugo, { kind: 'offer', from: 'Uppsala', seats: 3, note: 'Hugos hemliga anteckning' })
    ).json().id;
    await olof.as.post(`/api/rides/${gretas}/join`);
    await greta.as.post(`/api/rides/${gretas}/passengers/${olof.user.id}/accept`);
    for (const m of [olof, sara]) {
      await m.as.post(`/api/rides/${hugos}/join`);
      await hugo.as.post(`/api/rides/${hugos}/passengers/${m.user.id}/accept`);
    }
    await greta.as.post(`/api/rides/${gretas}/messages`, { content: 'Gretas rad i bilen' });
    await olof.as.post(`/api/rides/${gretas}/messages`, { content: 'Olofs svar till Greta' });
    await sara.as.post(`/api/rides/${hugos}/messages`, { content: 'Saras rad hos Hugo' });
    return { event, greta, olof, sara, hugo, gretas, request, hugos };
  }

  it('exports the member’s own rides, seats and ride messages, and nothing of fellow passengers', async () => {
    const { event, greta, olof, hugo, gretas, request, hugos } = await setUp();

    const asOlof = await olof.as.get('/api/me/export');
    expect(asOlof.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(asOlof.rawPayload));
    const raw = new TextDecoder().decode(files['rides.json']);
    const data = JSON.parse(raw);
    expect(data.rides).toEqual([]);
    expect(data.seats).toEqual([
      expect.objectContaining({
        rideId: gretas,
        event: expect.objectContaining({ id: event.id, title: 'Golfresan' }),
        driver: { id: greta.user.id, name: 'Greta Förare' },
        from: 'Täby',
        seats: 2,
        status: 'accepted',
      }),
      expect.objectContaining({
        rideId: hugos,
        driver: { id: hugo.user.id, name: 'Hugo Annanbil' },
        from: 'Uppsala',
      }),
    ]);
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(['Olofs svar till Greta']);
    // A fellow passenger (Sara), the driver's note and others' messages are not Olof's data.
    for (const secret of ['Sara', 'Medresenär', 'Saras rad', 'Gretas rad', 'Hugos hemliga']) {
      expect(raw).not.toContain(secret);
    }

    const asGreta = JSON.parse(
      new TextDecoder().decode(
        unzipSync(new Uint8Array((await greta.as.get('/api/me/export')).rawPayload))['rides.json'],
      ),
    );
    expect(
      asGreta.rides.map((r: { id: number; kind: string; from: string; seats: number | null }) => [
        r.id,
        r.kind,
        r.from,
        r.seats,
      ]),
    ).toEqual([
      [gretas, 'offer', 'Täby', 2],
      [request, 'request', 'Solna', null],
    ]);
    expect(asGreta.rides[0]).toMatchObject({
      note: 'Plats för bag',
      passengers: [{ member: { id: olof.user.id, name: 'Olof Passagerare' }, status: 'accepted' }],
    });
    expect(asGreta.seats).toEqual([]);
    expect(asGreta.messages.map((m: { content: string }) => m.content)).toEqual(['Gretas rad i bilen']);
  });

  it('deletes the member’s rides and seats with the account; the others hear without a name', async () => {
    const { greta, olof, sara, hugo, gretas, request, hugos } = await setUp();
    const before = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [hugo.user.id]));

    expect((await olof.as.deleteWith('/api/me', { confirm: true })).statusCode).toBe(200);
    // Olof's seats are gone: Greta's car has its seat again, Hugo's keeps Sara.
    expect(await t.db.select().from(ridePassengers).where(eq(ridePassengers.userId, olof.user.id))).toEqual(
      [],
    );
    expect(
      (await t.db.select().from(ridePassengers).where(eq(ridePassengers.rideId, hugos))).map((p) => p.userId),
    ).toEqual([sara.user.id]);
    const hugoNew = (
      await t.db
        .select()
        .from(notifications)
        .where(inArray(notifications.userId, [hugo.user.id]))
    ).filter((n) => !before.some((b) => b.id === n.id));
    expect(hugoNew.map((n) => n.title)).toEqual(['En plats är ledig i din bil']);
    expect(hugoNew[0].body).not.toContain('Olof');

    expect((await greta.as.deleteWith('/api/me', { confirm: true })).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(rides)
        .where(or(eq(rides.id, gretas), eq(rides.id, request))),
    ).toEqual([]);
    // Her rides' conversations went with them.
    expect(await t.db.select().from(rideMessages).where(eq(rideMessages.rideId, gretas))).toEqual([]);
    // Hugo's ride and Sara's message in it stay.
    expect(
      (await t.db.select().from(rideMessages).where(eq(rideMessages.rideId, hugos))).map((m) => m.content),
    ).toEqual(['Saras rad hos Hugo']);
    const list = await sara.as.get(
      `/api/events/${(await t.db.select().from(rides).where(eq(rides.id, hugos)))[0].eventId}/rides`,
    );
    expect(list.json().rides.map((r: { id: number }) => r.id)).toEqual([hugos]);
  });

  it('a deleted driver’s passengers, asked or accepted, hear they are no longer in the ride', async () => {
    const { event, greta, olof, sara, hugo, gretas, hugos } = await setUp();
    // Sara asks Greta too (not accepted); Greta asks Hugo for a seat (not accepted).
    await sara.as.post(`/api/rides/${gretas}/join`);
    await greta.as.post(`/api/rides/${hugos}/join`);
    const before = new Set(
      (await t.db.select({ id: notifications.id }).from(notifications)).map((n) => n.id),
    );
    const newNotices = async (m: { user: UserRow }) =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, m.user.id)))
        .filter((n) => !before.has(n.id) && n.type === 'ride_changed')
        .map((n) => ({ title: n.title, url: n.url }));

    expect((await greta.as.deleteWith('/api/me', { confirm: true })).statusCode).toBe(200);
    const removed = { title: 'Du är inte längre med i samåkningen', url: `/events/${event.id}#samakning` };
    expect(await newNotices(olof)).toEqual([removed]);
    expect(await newNotices(sara)).toEqual([removed]);
    // Greta's seat at Hugo's was only asked for: Hugo hears nothing.
    expect(await newNotices(hugo)).toEqual([]);
    expect(
      (await t.db.select().from(ridePassengers).where(eq(ridePassengers.rideId, hugos))).map((p) => p.userId),
    ).toEqual([olof.user.id, sara.user.id]);
  });
});
