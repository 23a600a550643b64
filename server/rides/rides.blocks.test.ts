import type { Ride } from '@common/schemas/rides';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { notifications, ridePassengers } from '../db/schema';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const HOUR = 60 * 60 * 1000;

/**
 * 'Samåkning' and blocks (issue 30), as attacks: after a block neither member keeps a seat in the
 * other's ride, neither reaches the other through a ride's list, conversation or notices, and nobody
 * is told of the block.
 */
describe('rides after a block', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  type Member = { user: UserRow; as: TestClient };
  async function eventWith(names: string[]) {
    const event = await buildEvent(t.db, { title: 'Resa till Båstad' });
    const members: Member[] = [];
    for (const firstName of names) {
      const user = await buildUser(t.db, { firstName, lastName: 'Åkare' });
      await buildRegistration(t.db, { eventId: event.id, userId: user.id });
      members.push({ user, as: await t.as(user) });
    }
    return { event, members };
  }
  /** The driver's offer of `seats`, with `accepted` members accepted and `asking` members asking. */
  async function rideOf(
    event: { id: number; startTime: Date },
    driver: Member,
    seats: number,
    accepted: Member[],
    asking: Member[] = [],
  ): Promise<number> {
    const res = await driver.as.post(`/api/events/${event.id}/rides`, {
      kind: 'offer',
      from: 'Täby',
      departAt: new Date(event.startTime.getTime() - 2 * HOUR).toISOString(),
      seats,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    for (const m of [...accepted, ...asking])
      expect((await m.as.post(`/api/rides/${id}/join`)).statusCode).toBe(200);
    for (const m of accepted) {
      expect((await driver.as.post(`/api/rides/${id}/passengers/${m.user.id}/accept`)).statusCode).toBe(200);
    }
    return id;
  }
  const seatsOf = (rideId: number) =>
    t.db.select().from(ridePassengers).where(eq(ridePassengers.rideId, rideId));
  const noticesOf = (userId: string, type: 'ride_changed' | 'group_message') =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
  const listOf = async (as: TestClient, eventId: number) =>
    ((await as.get(`/api/events/${eventId}/rides`)).json() as { rides: Ride[] }).rides;

  it('a driver who blocks an accepted passenger frees the seat; the passenger is told neutrally and is out of everything', async () => {
    const { event, members } = await eventWith(['Dan', 'Pia', 'Kim']);
    const [dan, pia, kim] = members;
    const id = await rideOf(event, dan, 1, [pia], [kim]);
    await dan.as.post(`/api/rides/${id}/messages`, { content: 'Vi ses vid Shell 07.00' });

    expect((await dan.as.post('/api/blocks', { userId: pia.user.id })).statusCode).toBeLessThan(300);

    // The seat is free: Kim, who asked, can be accepted into the one seat now.
    expect((await seatsOf(id)).map((s) => s.userId)).toEqual([kim.user.id]);
    expect((await dan.as.post(`/api/rides/${id}/passengers/${kim.user.id}/accept`)).statusCode).toBe(200);

    // Pia hears only that she is no longer in the ride: no name, no word of a block.
    const told = await noticesOf(pia.user.id, 'ride_changed');
    expect(told.map((n) => n.title)).toEqual(['Du är inte längre med i samåkningen']);
    expect(told[0].body).toContain('Resa till Båstad');
    expect(`${told[0].title} ${told[0].body}`).not.toMatch(/Dan|block|spärr/i);

    // The ride, its conversation and a new join are gone for her; for the driver she is gone too.
    expect((await listOf(pia.as, event.id)).map((r) => r.id)).not.toContain(id);
    expect((await pia.as.get(`/api/rides/${id}/messages`)).statusCode).toBe(404);
    expect((await pia.as.post(`/api/rides/${id}/messages`, { content: 'Hallå?' })).statusCode).toBe(404);
    expect((await pia.as.post(`/api/rides/${id}/join`)).statusCode).toBe(404);
    expect((await dan.as.post(`/api/rides/${id}/passengers/${pia.user.id}/accept`)).statusCode).toBe(404);
    const danView = (await listOf(dan.as, event.id)).find((r) => r.id === id);
    expect(danView?.passengers.map((p) => p.user.id)).toEqual([kim.user.id]);

    // The driver's next message reaches Kim, not Pia.
    await dan.as.post(`/api/rides/${id}/messages`, { content: 'Kim, välkommen!' });
    expect(await noticesOf(pia.user.id, 'group_message')).toHaveLength(1); // from before the block
    await dan.as.post(`/api/rides/${id}/messages`, { content: 'Vi ses!' });
    // Not yet sent out (no fan-out runs here): the one notice counts both messages.
    expect((await noticesOf(kim.user.id, 'group_message')).map((n) => n.body)).toEqual([
      '2 nya meddelanden i samåkningen till Resa till Båstad',
    ]);
  });

  it('a passenger who blocks the driver leaves the ride; the driver of an accepted seat hears only that it is free', async () => {
    const { event, members } = await eventWith(['Dora', 'Per', 'Ulf']);
    const [dora, per, ulf] = members;
    const accepted = await rideOf(event, dora, 2, [per]);
    const asked = await rideOf(event, ulf, 2, [], [per]);

    await per.as.post('/api/blocks', { userId: dora.user.id });
    await per.as.post('/api/blocks', { userId: ulf.user.id });

    expect(await seatsOf(accepted)).toEqual([]);
    expect(await seatsOf(asked)).toEqual([]);
    expect((await noticesOf(per.user.id, 'ride_changed')).map((n) => n.title)).toEqual([
      'Du är inte längre med i samåkningen',
      'Du är inte längre med i samåkningen',
    ]);
    const doraTold = (await noticesOf(dora.user.id, 'ride_changed')).map((n) => `${n.title}: ${n.body}`);
    expect(doraTold).toEqual([
      'En plats är ledig i din bil: En plats i din bil till Resa till Båstad är ledig igen.',
    ]);
    // A request that was never accepted just goes: Ulf is not told anything.
    expect(await noticesOf(ulf.user.id, 'ride_changed')).toEqual([]);
    expect((await dora.as.get(`/api/rides/${accepted}/messages`)).statusCode).toBe(200);
    expect((await per.as.get(`/api/rides/${accepted}/messages`)).statusCode).toBe(404);
  });

  it('keeps fellow passengers who block each other apart in the conversation and its notices', async () => {
    const { event, members } = await eventWith(['Cecilia', 'Anna', 'Bert']);
    const [cecilia, anna, bert] = members;
    const id = await rideOf(event, cecilia, 3, [anna, bert]);
    await anna.as.post('/api/blocks', { userId: bert.user.id });

    // Neither is the other's driver: both keep their seats.
    expect((await seatsOf(id)).map((s) => s.userId).sort()).toEqual([anna.user.id, bert.user.id].sort());
    await bert.as.post(`/api/rides/${id}/messages`, { content: 'Bert här' });
    await anna.as.post(`/api/rides/${id}/messages`, { content: 'Anna här' });

    const contents = async (as: TestClient) =>
      (await as.get(`/api/rides/${id}/messages`)).json().messages.map((m: { content: string }) => m.content);
    expect(await contents(anna.as)).toEqual(['Anna här']);
    expect(await contents(bert.as)).toEqual(['Bert här']);
    expect(await contents(cecilia.as)).toEqual(['Bert här', 'Anna här']);
    // Each one's message tells the driver, never the other.
    expect(await noticesOf(anna.user.id, 'group_message')).toEqual([]);
    expect(await noticesOf(bert.user.id, 'group_message')).toEqual([]);
    expect(await noticesOf(cecilia.user.id, 'group_message')).toHaveLength(1);
    // And the list shows neither to the other.
    const annaView = (await listOf(anna.as, event.id)).find((r) => r.id === id);
    expect(annaView?.passengers.map((p) => p.user.id)).toEqual([anna.user.id]);
  });

  it('leaves rides of events that have ended as they were', async () => {
    const { event, members } = await eventWith(['Eje', 'Fia']);
    const [eje, fia] = members;
    const id = await rideOf(event, eje, 1, [fia]);
    // The trip is over (moved into the past after the ride was arranged).
    const { events } = await import('../db/schema');
    await t.db
      .update(events)
      .set({ startTime: new Date(Date.now() - 3 * HOUR), endTime: new Date(Date.now() - HOUR) })
      .where(eq(events.id, event.id));
    await fia.as.post('/api/blocks', { userId: eje.user.id });
    expect((await seatsOf(id)).map((s) => s.userId)).toEqual([fia.user.id]);
    expect(await noticesOf(fia.user.id, 'ride_changed')).toEqual([]);
  });
});
