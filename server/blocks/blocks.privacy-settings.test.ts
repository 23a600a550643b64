import { msg } from '@common/messages';
import { CONVERSATION_CLOSED_HEADER } from '@common/schemas/blocks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('privacy settings: GET/PUT /api/me/privacy and their effects', () => {
  let t: TestContext;
  let me: User;
  let m: TestClient;
  let admin: TestClient;
  const tag = `prv${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await createTestContext();
    me = await buildUser(t.db, { firstName: 'Maja', lastName: `M${tag}` });
    m = await t.as(me);
    admin = await t.as(await buildAdmin(t.db));
  });
  afterAll(() => t?.close());

  it('answers 401 to a visitor', async () => {
    expect((await t.anon.get('/api/me/privacy')).statusCode).toBe(401);
    const put = await t.anon.put('/api/me/privacy', { hiddenFromDirectory: true, whoCanMessage: 'nobody' });
    expect(put.statusCode).toBe(401);
    expect(put.json()).toEqual({ message: msg.notLoggedIn });
  });

  it('starts visible, open to every member', async () => {
    const res = await m.get('/api/me/privacy');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hiddenFromDirectory: false, whoCanMessage: 'members', meetAgain: true });
  });

  it('refuses bad values, extra keys and bodies that are no object with Swedish messages, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ hiddenFromDirectory: 'yes', whoCanMessage: 'members' }, msg.privacyHiddenInvalid],
      [{ hiddenFromDirectory: null, whoCanMessage: 'members' }, msg.privacyHiddenInvalid],
      [{ whoCanMessage: 'members' }, msg.privacyHiddenInvalid],
      [{ hiddenFromDirectory: true, whoCanMessage: 'friends' }, msg.privacyWhoCanMessageInvalid],
      [{ hiddenFromDirectory: true }, msg.privacyWhoCanMessageInvalid],
      [{ hiddenFromDirectory: true, whoCanMessage: 'nobody', role: 'admin' }, msg.privacyUnknownField],
      [[], msg.jsonObjectExpected],
    ];
    for (const [body, message] of cases) {
      const res = await m.put('/api/me/privacy', body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    for (const raw of ['null', '"members"', '7']) {
      const res = await m.put('/api/me/privacy', raw, { 'content-type': 'application/json' });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().message).toBe(msg.jsonObjectExpected);
    }
    const [row] = await t.db
      .select({ hidden: users.hiddenFromDirectory, who: users.whoCanMessage, role: users.role })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row).toEqual({ hidden: false, who: 'members', role: 'member' });
  });

  it('saves and answers the settings', async () => {
    const res = await m.put('/api/me/privacy', { hiddenFromDirectory: true, whoCanMessage: 'contacts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hiddenFromDirectory: true, whoCanMessage: 'contacts', meetAgain: true });
    expect((await m.get('/api/me/privacy')).json()).toEqual(res.json());
    const [row] = await t.db
      .select({ hidden: users.hiddenFromDirectory, who: users.whoCanMessage })
      .from(users)
      .where(eq(users.id, me.id));
    expect(row).toEqual({ hidden: true, who: 'contacts' });
    expect(
      (await m.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'members' })).json(),
    ).toEqual({ hiddenFromDirectory: false, whoCanMessage: 'members', meetAgain: true });
  });

  it('hidden: not in the directory for members (also not on later pages or in totals); admins still see them', async () => {
    const hidden = await buildUser(t.db, { firstName: 'Hedda', lastName: `H${tag}` });
    const other = await t.as(await buildUser(t.db, { firstName: 'Olle', lastName: `O${tag}` }));
    const ids = async (client: TestClient) => {
      const res = await client.get(`/api/users?q=${tag}&limit=100`);
      return { ids: res.json().map((u: { id: string }) => u.id), total: res.headers['x-total-count'] };
    };
    expect((await ids(other)).ids).toContain(hidden.id);
    const h = await t.as(hidden);
    expect(
      (await h.put('/api/me/privacy', { hiddenFromDirectory: true, whoCanMessage: 'members' })).statusCode,
    ).toBe(200);
    const seen = await ids(other);
    expect(seen.ids).not.toContain(hidden.id);
    expect(seen.total).toBe(String(seen.ids.length));
    const page = await other.get(`/api/users?q=${encodeURIComponent(`hedda H${tag}`)}&limit=1`);
    expect(page.json()).toEqual([]);
    expect(page.headers['x-total-count']).toBe('0');
    const byAdmin = await ids(admin);
    expect(byAdmin.ids).toContain(hidden.id);
    expect(byAdmin.total).toBe(String(seen.ids.length + 1));
    // Reachable by id (participant lists, conversations), and co-participants still see them.
    expect((await other.get(`/api/users/${hidden.id}`)).statusCode).toBe(200);
    const event = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: hidden.id, status: 'registered' });
    const participants = await other.get(`/api/events/${event.id}/registrations`);
    expect(participants.json().map((r: { userId: string }) => r.userId)).toContain(hidden.id);
  });

  it("'contacts': members she has written to and co-participants of a live registration; others 403", async () => {
    const dora = await buildUser(t.db, { firstName: 'Dora' });
    const d = await t.as(dora);
    expect(
      (await d.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'contacts' })).statusCode,
    ).toBe(200);
    const stranger = await buildUser(t.db, { firstName: 'Sven' });
    const written = await buildUser(t.db, { firstName: 'Wilma' });
    const coPlayer = await buildUser(t.db, { firstName: 'Kalle' });
    const cancelled = await buildUser(t.db, { firstName: 'Kurt' });
    const event = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: dora.id, status: 'registered' });
    await buildRegistration(t.db, { eventId: event.id, userId: coPlayer.id, status: 'waitlisted' });
    await buildRegistration(t.db, {
      eventId: event.id,
      userId: cancelled.id,
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    expect((await d.post('/api/messages', { receiverId: written.id, content: 'Hej Wilma' })).statusCode).toBe(
      201,
    );

    const send = async (from: User) =>
      (await t.as(from)).post('/api/messages', { receiverId: dora.id, content: 'Hej' });
    const refused = await send(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: msg.messageNotAccepted });
    expect((await send(cancelled)).statusCode).toBe(403);
    expect((await send(written)).statusCode).toBe(201);
    expect((await send(coPlayer)).statusCode).toBe(201);
    expect(
      (await admin.post('/api/messages', { receiverId: dora.id, content: 'Från admin' })).statusCode,
    ).toBe(201);
    // The stranger's thread says it is closed, so the client hides the input.
    const thread = await (await t.as(stranger)).get(`/api/messages/${dora.id}`);
    expect(thread.statusCode).toBe(200);
    expect(thread.headers[CONVERSATION_CLOSED_HEADER]).toBe('true');
    const fromCoPlayer = await (await t.as(coPlayer)).get(`/api/messages/${dora.id}`);
    expect(fromCoPlayer.headers[CONVERSATION_CLOSED_HEADER]).toBe('false');
  });

  it("'nobody': no member starts a conversation, co-participants neither; admins may; answers to her own pass", async () => {
    const nina = await buildUser(t.db, { firstName: 'Nina' });
    const n = await t.as(nina);
    expect(
      (await n.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'nobody' })).statusCode,
    ).toBe(200);
    const coPlayer = await buildUser(t.db, { firstName: 'Pelle' });
    const event = await buildEvent(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: nina.id, status: 'registered' });
    await buildRegistration(t.db, { eventId: event.id, userId: coPlayer.id, status: 'registered' });
    const p = await t.as(coPlayer);
    const first = await p.post('/api/messages', { receiverId: nina.id, content: 'Hej Nina' });
    expect(first.statusCode).toBe(403);
    expect(first.json()).toEqual({ message: msg.messageNotAccepted });
    expect((await admin.post('/api/messages', { receiverId: nina.id, content: 'Viktigt' })).statusCode).toBe(
      201,
    );
    expect(
      (await n.post('/api/messages', { receiverId: coPlayer.id, content: 'Hej Pelle' })).statusCode,
    ).toBe(201);
    expect((await p.post('/api/messages', { receiverId: nina.id, content: 'Hej Nina!' })).statusCode).toBe(
      201,
    );
    const list = (await p.get('/api/messages')).json() as { user: { id: string }; closed: boolean }[];
    expect(list.find((x) => x.user.id === nina.id)?.closed).toBe(false);
  });
});
