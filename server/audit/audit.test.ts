import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { events } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration, eventFormPayload } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

/** The audit log (issue 16): administrators' actions are recorded and listed on 'Logg'. */
describe('audit log', () => {
  let t: TestContext;
  let admin: UserRow;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db, { fullName: 'Anna Admin' });
    asAdmin = await t.as(admin);
  });
  afterAll(() => t.close());

  const entries = async (query = '') => {
    const res = await asAdmin.get(`/api/admin/audit${query}`);
    expect(res.statusCode).toBe(200);
    return {
      list: res.json() as {
        action: string;
        targetId: string;
        actorName: string;
        targetName: string | null;
        eventTitle: string | null;
        details: object;
      }[],
      total: Number(res.headers['x-total-count']),
    };
  };

  it('records event, registration and membership actions with the actor, newest first', async () => {
    const created = await asAdmin.post('/api/events', eventFormPayload());
    const id = created.json().id as number;
    await asAdmin.put(`/api/events/${id}`, eventFormPayload({ title: 'Ny titel', maxParticipants: 20 }));
    const member = await buildPro(t.db);
    const reg = await buildRegistration(t.db, { eventId: id, userId: member.id });
    await asAdmin.put(`/api/registrations/${reg.id}/payment`, { paymentStatus: 'paid' });
    await asAdmin.put(`/api/registrations/${reg.id}/attendance`, { attendance: 'present' });
    await asAdmin.post(`/api/admin/users/${member.id}/membership`, { membershipType: 'free' });
    await asAdmin.delete(`/api/events/${id}`);

    const { list } = await entries();
    expect(list.slice(0, 6).map((e) => e.action)).toEqual([
      'event.delete',
      'membership.set',
      'registration.attendance',
      'registration.payment_status',
      'event.update',
      'event.create',
    ]);
    expect(list[0]).toMatchObject({ actorName: 'Anna Admin', targetId: String(id) });
    expect(list[4].details).toEqual({ changed: expect.arrayContaining(['title', 'maxParticipants']) });
    expect(list[3].details).toMatchObject({ from: 'pending', to: 'paid', userId: member.id });
    expect(list[1].details).toEqual({ from: 'pro', to: 'free' });
  });

  it("names what an entry concerns: the event's title (also for its registrations), the member", async () => {
    const event = await buildEvent(t.db, { title: 'Afterwork på Bro Hof' });
    const member = await buildPro(t.db, { fullName: 'Bo Ek' });
    const reg = await buildRegistration(t.db, { eventId: event.id, userId: member.id });
    await asAdmin.put(`/api/events/${event.id}`, eventFormPayload({ title: 'Afterwork på Bro Hof' }));
    await asAdmin.put(`/api/registrations/${reg.id}/payment`, { paymentStatus: 'paid' });
    await asAdmin.post(`/api/admin/users/${member.id}/membership`, { membershipType: 'free' });

    const { list } = await entries();
    const [membership, payment, update] = list;
    expect(membership).toMatchObject({ action: 'membership.set', targetName: 'Bo Ek', eventTitle: null });
    expect(payment).toMatchObject({
      action: 'registration.payment_status',
      eventTitle: 'Afterwork på Bro Hof',
    });
    expect(update).toMatchObject({
      action: 'event.update',
      eventTitle: 'Afterwork på Bro Hof',
      targetName: null,
    });

    // Once deleted, the event's earlier entries keep its name, from the deletion's entry.
    await asAdmin.delete(`/api/events/${event.id}`);
    const after = (await entries(`?targetType=event&targetId=${event.id}`)).list;
    expect(after.map((e) => [e.action, e.eventTitle])).toEqual([
      ['event.delete', 'Afterwork på Bro Hof'],
      ['event.update', 'Afterwork på Bro Hof'],
    ]);
  });

  it('writes no entry for a save that changed nothing, nor for a refused one (issue 27)', async () => {
    const body = eventFormPayload();
    const id = (await asAdmin.post('/api/events', body)).json().id as number;
    const same = await asAdmin.put(`/api/events/${id}`, body);
    expect(same.statusCode).toBe(200);
    const tooFew = await asAdmin.put(`/api/events/${id}`, { ...body, maxParticipants: 2 });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().message).toBe(msg.maxParticipantsMin);
    const { list } = await entries(`?targetType=event&targetId=${id}`);
    expect(list.map((e) => e.action)).toEqual(['event.create']);
    const [row] = await t.db.select().from(events).where(eq(events.id, id));
    expect(row.maxParticipants).toBe(16);
  });

  it('filters by action prefix or name, actor and target, and pages with X-Total-Count', async () => {
    const event = await buildEvent(t.db);
    for (const title of ['A', 'B', 'C']) {
      await asAdmin.put(`/api/events/${event.id}`, eventFormPayload({ title }));
    }
    const updates = await entries(`?action=event.update&targetType=event&targetId=${event.id}`);
    expect(updates.total).toBe(3);
    const page = await entries(`?action=event.&targetId=${event.id}&limit=2&offset=2`);
    expect(page.total).toBe(3);
    expect(page.list).toHaveLength(1);
    expect((await entries(`?actorId=${admin.id}&limit=1`)).total).toBeGreaterThanOrEqual(3);
    expect((await entries('?action=nothing.here')).total).toBe(0);
    // LIKE wildcards in the filter are taken literally.
    expect((await entries('?action=%25.')).total).toBe(0);
  });

  it('is for admins only and validates its filters', async () => {
    const member = await t.as(await buildPro(t.db));
    expect((await t.anon.get('/api/admin/audit')).statusCode).toBe(401);
    expect((await member.get('/api/admin/audit')).statusCode).toBe(403);
    const bad = await asAdmin.get('/api/admin/audit?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('limit måste vara 1–200');
  });
});
