import { msg } from '@common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { buildEvent, buildPro, buildRegistration } from '../test/factories';
import type { TestClient, TestContext } from '../test/test-app';
import { createRegistrationsContext, HOUR, registrationsOf } from './registrations.test-helpers';

const DAY = 24 * HOUR;

/** 'Rumsönskemål' on trips with overnight stays: given when registering, changed while registered (issue 27). */
describe('room wishes', () => {
  let t: TestContext;
  let pro: UserRow;
  let asAdmin: TestClient;
  let asPro: TestClient;

  /** A trip from Friday to Sunday, three weeks ahead (two nights: lodging). */
  const trip = () => {
    const start = new Date(Date.now() + 21 * DAY);
    return buildEvent(t.db, { startTime: start, endTime: new Date(start.getTime() + 2 * DAY + 6 * HOUR) });
  };
  const wishUrl = (eventId: number) => `/api/events/${eventId}/registration/room-wish`;

  beforeAll(async () => {
    ({ t, pro, asAdmin, asPro } = await createRegistrationsContext());
  });
  afterAll(() => t.close());

  it('stores the wish given when registering for a trip; the name only with shared_with', async () => {
    const e = await trip();
    const res = await asPro.post(`/api/events/${e.id}/register`, {
      roomWish: 'shared_with',
      roomMateName: '  Eva   Ek ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ roomWish: 'shared_with', roomMateName: 'Eva Ek' });

    const other = await trip();
    const shared = await asPro.post(`/api/events/${other.id}/register`, {
      roomWish: 'shared',
      roomMateName: 'ignored when not sharing with someone named',
    });
    expect(shared.statusCode).toBe(201);
    expect((await registrationsOf(t, other.id))[0]).toMatchObject({ roomWish: 'shared', roomMateName: null });
  });

  it('answers 400 with the exact message for a bad wish, a missing or bad name, or a one-day event', async () => {
    const e = await trip();
    const url = `/api/events/${e.id}/register`;
    const cases: [Record<string, unknown>, string][] = [
      [{ roomWish: 'suite' }, msg.roomWishInvalid],
      [{ roomWish: 'shared_with' }, msg.roomMateNameRequired],
      [{ roomWish: 'shared_with', roomMateName: '   ' }, msg.roomMateNameRequired],
      [{ roomWish: 'shared_with', roomMateName: 'x'.repeat(101) }, msg.roomMateNameTooLong],
      [{ roomWish: 'shared_with', roomMateName: 'Eva\u0007Ek' }, msg.roomMateNameInvalid],
      [{ roomWish: 'shared_with', roomMateName: 42 }, msg.roomMateNameInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await asPro.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    // NUL is refused before validation, like everywhere (safe defaults).
    expect((await asPro.post(url, { roomWish: 'shared_with', roomMateName: 'Eva\u0000' })).statusCode).toBe(
      400,
    );

    const round = await buildEvent(t.db);
    const oneDay = await asPro.post(`/api/events/${round.id}/register`, { roomWish: 'single' });
    expect(oneDay.statusCode).toBe(400);
    expect(oneDay.json()).toEqual({ message: msg.roomWishOnlyForTrips });
    expect(await registrationsOf(t, e.id)).toHaveLength(0);
    expect(await registrationsOf(t, round.id)).toHaveLength(0);
  });

  it('lets the member change their own wish while registered; 401, 404 and 400 otherwise', async () => {
    const e = await trip();
    const other = await buildPro(t.db, { firstName: 'Olle' });
    await buildRegistration(t.db, { eventId: e.id, userId: other.id, roomWish: 'single' });

    expect((await t.anon.put(wishUrl(e.id), { roomWish: 'single' })).statusCode).toBe(401);
    const notYet = await asPro.put(wishUrl(e.id), { roomWish: 'single' });
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json()).toEqual({ message: msg.notRegistered });

    await buildRegistration(t.db, { eventId: e.id, userId: pro.id, status: 'waitlisted' });
    const set = await asPro.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateName: 'Olle Test' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ userId: pro.id, roomWish: 'shared_with', roomMateName: 'Olle Test' });
    const bad = await asPro.put(wishUrl(e.id), { roomWish: 'shared_with', roomMateName: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: msg.roomMateNameRequired });
    const cleared = await asPro.put(wishUrl(e.id), { roomWish: null });
    expect(cleared.json()).toMatchObject({ roomWish: null, roomMateName: null });
    await asPro.put(wishUrl(e.id), { roomWish: 'single' });

    // Only the member's own row changed.
    const rows = await registrationsOf(t, e.id);
    expect(rows.find((r) => r.userId === other.id)).toMatchObject({ roomWish: 'single' });
    expect(rows.find((r) => r.userId === pro.id)).toMatchObject({ roomWish: 'single', roomMateName: null });

    const round = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: round.id, userId: pro.id });
    const oneDay = await asPro.put(wishUrl(round.id), { roomWish: 'single' });
    expect(oneDay.statusCode).toBe(400);
    expect(oneDay.json()).toEqual({ message: msg.roomWishOnlyForTrips });

    const started = await buildEvent(t.db, {
      startTime: new Date(Date.now() - HOUR),
      endTime: new Date(Date.now() + 2 * DAY),
    });
    await buildRegistration(t.db, { eventId: started.id, userId: pro.id });
    const late = await asPro.put(wishUrl(started.id), { roomWish: 'single' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: msg.roomWishClosed });
  });

  it('shows the wish to admins and the member, never to other members', async () => {
    const e = await trip();
    const other = await buildPro(t.db);
    await buildRegistration(t.db, {
      eventId: e.id,
      userId: other.id,
      roomWish: 'shared_with',
      roomMateName: 'Per Prosson',
    });
    await buildRegistration(t.db, { eventId: e.id, userId: pro.id, roomWish: 'single' });
    const url = `/api/events/${e.id}/registrations`;
    const asAdminList = (await asAdmin.get(url)).json() as { userId: string; roomWish: string | null }[];
    expect(asAdminList.map((r) => [r.roomWish, (r as { roomMateName?: string }).roomMateName])).toEqual([
      ['shared_with', 'Per Prosson'],
      ['single', null],
    ]);
    const asProList = (await asPro.get(url)).json() as { userId: string; roomWish: string | null }[];
    expect(asProList.find((r) => r.userId === other.id)).toMatchObject({
      roomWish: null,
      roomMateName: null,
    });
    expect(asProList.find((r) => r.userId === pro.id)).toMatchObject({ roomWish: 'single' });
  });
});
