import { msg } from '@common/messages';
import type { AdminFeedback } from '@common/schemas/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../db/schema';
import { buildAdmin, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

describe('GET /api/admin/feedback', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to visitors and 403 to members', async () => {
    expect((await t.anon.get('/api/admin/feedback')).statusCode).toBe(401);
    const res = await (await t.as(await buildUser(t.db))).get('/api/admin/feedback');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: msg.forbidden });
  });

  it('lists feedback newest first with the author’s name and e-mail', async () => {
    const admin = await t.as(await buildAdmin(t.db));
    expect((await admin.get('/api/admin/feedback')).json()).toEqual([]);
    const anna = await buildUser(t.db, { firstName: 'Anna', lastName: 'Berg', fullName: 'Anna Berg' });
    const bo = await buildUser(t.db, { firstName: 'Bo', lastName: 'Ek', fullName: 'Bo Ek' });
    const now = Date.now();
    await t.db.insert(feedback).values([
      { userId: anna.id, rating: 5, comment: 'Toppen', createdAt: new Date(now - 2000) },
      { userId: bo.id, rating: 2, comment: null, createdAt: new Date(now - 1000) },
      { userId: null, rating: 4, comment: 'Anonym', createdAt: new Date(now - 3000) },
    ]);
    // Sent through the API too: it appears first.
    const sent = await (await t.as(anna)).post('/api/feedback', { rating: 3, comment: ' Bra sida ' });
    expect(sent.statusCode).toBe(201);

    const res = await admin.get('/api/admin/feedback');
    expect(res.statusCode).toBe(200);
    const list = res.json() as AdminFeedback[];
    expect(list.map((f) => f.comment)).toEqual(['Bra sida', null, 'Toppen', 'Anonym']);
    expect(list[0].user).toEqual({ id: anna.id, fullName: 'Anna Berg', email: anna.email });
    expect(list[1]).toMatchObject({ rating: 2, user: { fullName: 'Bo Ek', email: bo.email } });
    expect(list[3].user).toBeNull();
  });
});
