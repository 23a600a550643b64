import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

/**
 * Who sees whom (decisions.md, issue 18), per role, on every route that returns members or
 * registrations: visitors see counts only; members see co-participants' names, town and status, never
 * payment; birth date and Golf-ID only the member and admins.
 */
describe('privacy of members and participant lists', () => {
  let t: TestContext;
  let admin: UserRow;
  let anna: UserRow;
  let bo: UserRow;
  let asAdmin: TestClient;
  let asAnna: TestClient;
  let asBo: TestClient;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    const personal = (name: string, golfId: string) => ({
      firstName: name,
      fullName: `${name} Golfare`,
      location: 'Lund',
      birthDate: '1970-05-17',
      age: 56,
      golfId,
    });
    anna = await buildPro(t.db, personal('Anna', '700517-001'));
    bo = await buildPro(t.db, personal('Bo', '700517-002'));
    asAdmin = await t.as(admin);
    asAnna = await t.as(anna);
    asBo = await t.as(bo);
    const event = await buildEvent(t.db);
    eventId = event.id;
    await buildRegistration(t.db, { eventId, userId: anna.id, paymentStatus: 'paid', golfId: '700517-001' });
    await buildRegistration(t.db, { eventId, userId: bo.id, status: 'waitlisted', golfId: '700517-002' });
    // A message, so each has the other in the conversation list.
    expect((await asAnna.post('/api/messages', { receiverId: bo.id, content: 'Hej Bo!' })).statusCode).toBe(
      201,
    );
  });
  afterAll(() => t.close());

  type Row = { userId: string; user: Record<string, unknown> };
  const byUser = (list: Row[], id: string) => list.find((r) => r.userId === id)!;

  it('visitors get no participant list, only the counts on the event', async () => {
    expect((await t.anon.get(`/api/events/${eventId}/registrations`)).statusCode).toBe(401);
    const event = (await t.anon.get(`/api/events/${eventId}`)).json();
    expect(event).toMatchObject({ registeredCount: 1, waitlistedCount: 1 });
    expect(JSON.stringify(event)).not.toContain('Anna');
  });

  it('a member sees co-participants by name, town and status, but not payment, birth date or Golf-ID', async () => {
    const list = (await asBo.get(`/api/events/${eventId}/registrations`)).json();
    const annas = byUser(list, anna.id);
    expect(annas).toMatchObject({ status: 'registered', paymentStatus: null, golfId: null });
    expect(annas.user).toMatchObject({
      firstName: 'Anna',
      location: 'Lund',
      birthDate: null,
      golfId: null,
      age: 56,
    });
    // The member's own row is complete.
    const own = byUser(list, bo.id);
    expect(own).toMatchObject({ status: 'waitlisted', paymentStatus: 'pending', golfId: '700517-002' });
    expect(own.user).toMatchObject({ birthDate: '1970-05-17', golfId: '700517-002' });
  });

  it('admins see payment, birth date and Golf-ID of everyone', async () => {
    const list = (await asAdmin.get(`/api/events/${eventId}/registrations`)).json();
    expect(byUser(list, anna.id)).toMatchObject({ paymentStatus: 'paid', golfId: '700517-001' });
    expect(byUser(list, anna.id).user).toMatchObject({ birthDate: '1970-05-17', golfId: '700517-001' });
    const profile = (await asAdmin.get(`/api/users/${anna.id}`)).json();
    expect(profile).toMatchObject({ birthDate: '1970-05-17', golfId: '700517-001' });
  });

  it('a profile and the directory show others without birth date and Golf-ID; the own record has them', async () => {
    const other = (await asBo.get(`/api/users/${anna.id}`)).json();
    expect(other).toMatchObject({ firstName: 'Anna', age: 56, birthDate: null, golfId: null });
    expect(other).not.toHaveProperty('email');
    const self = (await asAnna.get(`/api/users/${anna.id}`)).json();
    expect(self).toMatchObject({ birthDate: '1970-05-17', golfId: '700517-001' });
    const directory = (await asBo.get('/api/users?search=Anna')).json() as { id: string }[];
    const inList = directory.find((u) => u.id === anna.id) as Record<string, unknown> | undefined;
    expect(inList).toMatchObject({ birthDate: null, golfId: null });
  });

  it('the conversation list shows the partner without birth date and Golf-ID', async () => {
    const conversations = (await asBo.get('/api/messages')).json() as { user: Record<string, unknown> }[];
    const withAnna = conversations.find((c) => c.user.id === anna.id)!;
    expect(withAnna.user).toMatchObject({ firstName: 'Anna', birthDate: null, golfId: null });
  });
});
