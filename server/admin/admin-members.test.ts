import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipChanges, users } from '../db/schema';
import { buildAdmin, buildPro, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

describe('admin membership management', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const reload = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  describe('GET /api/admin/users', () => {
    it('answers 401 to a visitor and 403 to a member', async () => {
      expect((await t.anon.get('/api/admin/users')).statusCode).toBe(401);
      const res = await (await t.as(await buildPro(t.db))).get('/api/admin/users');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Du har inte behörighet för detta' });
    });

    it('lists members with their membership, searchable and filtered by Pro/Gratis', async () => {
      const admin = await t.as(await buildAdmin(t.db));
      const pro = await buildPro(t.db, {
        firstName: 'Zlatan',
        lastName: 'Sökbar',
        fullName: 'Zlatan Sökbar',
      });
      const free = await buildUser(t.db, { email: 'zlatan.fri@example.se' });
      const all = (await admin.get('/api/admin/users?search=zlatan')).json();
      expect(all.map((u: { id: string }) => u.id).sort()).toEqual([pro.id, free.id].sort());
      const proRow = all.find((u: { id: string }) => u.id === pro.id);
      expect(proRow).toEqual({
        id: pro.id,
        username: pro.username,
        fullName: 'Zlatan Sökbar',
        email: pro.email,
        role: 'member',
        membershipType: 'pro',
        subscriptionStatus: null,
        isPro: true,
        createdAt: pro.createdAt.toISOString(),
      });
      const onlyPro = (await admin.get('/api/admin/users?search=zlatan&membership=pro')).json();
      expect(onlyPro.map((u: { id: string }) => u.id)).toEqual([pro.id]);
      const onlyFree = (await admin.get('/api/admin/users?search=zlatan&membership=free')).json();
      expect(onlyFree.map((u: { id: string }) => u.id)).toEqual([free.id]);
      expect((await admin.get(`/api/admin/users?search=${pro.username}`)).json()).toHaveLength(1);
      expect((await admin.get('/api/admin/users?search=%25')).json()).toHaveLength(0);
      const bad = await admin.get('/api/admin/users?membership=gold');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('POST /api/admin/users/{userId}/membership', () => {
    it('answers 401 to a visitor and 403 to a member, changing nothing', async () => {
      const target = await buildUser(t.db);
      const url = `/api/admin/users/${target.id}/membership`;
      expect((await t.anon.post(url, { membershipType: 'pro' })).statusCode).toBe(401);
      const res = await (await t.as(await buildUser(t.db))).post(url, { membershipType: 'pro' });
      expect(res.statusCode).toBe(403);
      expect((await reload(target.id)).membershipType).toBe('free');
    });

    it('answers 400 without a type and 404 for an unknown member', async () => {
      const admin = await t.as(await buildAdmin(t.db));
      const target = await buildUser(t.db);
      const res = await admin.post(`/api/admin/users/${target.id}/membership`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Välj en medlemskapstyp');
      const wrong = await admin.post(`/api/admin/users/${target.id}/membership`, { membershipType: 'gold' });
      expect(wrong.json().message).toBe('Välj en medlemskapstyp');
      const missing = await admin.post('/api/admin/users/nobody/membership', { membershipType: 'pro' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Användaren hittades inte' });
    });

    it('sets the membership and logs who did it', async () => {
      const adminUser = await buildAdmin(t.db);
      const admin = await t.as(adminUser);
      const target = await buildUser(t.db);
      const res = await admin.post(`/api/admin/users/${target.id}/membership`, { membershipType: 'pro' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: target.id, membershipType: 'pro', isPro: true });
      expect((await reload(target.id)).membershipType).toBe('pro');
      const back = await admin.post(`/api/admin/users/${target.id}/membership`, { membershipType: 'free' });
      expect(back.json()).toMatchObject({ membershipType: 'free', isPro: false });
      const log = await t.db
        .select()
        .from(membershipChanges)
        .where(eq(membershipChanges.userId, target.id))
        .orderBy(membershipChanges.id);
      expect(log.map((l) => [l.changedBy, l.fromType, l.toType])).toEqual([
        [adminUser.id, 'free', 'pro'],
        [adminUser.id, 'pro', 'free'],
      ]);
    });

    it('makes admin-set Pro stand on its own after an ended subscription', async () => {
      const admin = await t.as(await buildAdmin(t.db));
      const target = await buildUser(t.db, {
        stripeCustomerId: `cus_ended_${Date.now()}`,
        stripeSubscriptionId: 'sub_ended',
        subscriptionStatus: 'canceled',
      });
      const res = await admin.post(`/api/admin/users/${target.id}/membership`, { membershipType: 'pro' });
      expect(res.json().isPro).toBe(true);
      expect(await reload(target.id)).toMatchObject({
        membershipType: 'pro',
        stripeSubscriptionId: null,
        subscriptionStatus: null,
      });
    });
  });
});
