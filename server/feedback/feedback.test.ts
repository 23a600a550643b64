import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, newsletterSubscribers } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

describe('POST /api/feedback', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const count = async () => (await t.db.select().from(feedback)).length;

  it('refuses a visitor with 401', async () => {
    const res = await t.anon.post('/api/feedback', { rating: 4 });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Du måste vara inloggad');
    expect(await count()).toBe(0);
  });

  it.each([
    [{}, 'Välj ett betyg'],
    [{ rating: 0 }, 'Välj ett betyg'],
    [{ rating: 'fem' }, 'Välj ett betyg'],
    [{ rating: 2.5 }, 'Välj ett betyg'],
    [{ rating: 6 }, 'Betyget måste vara mellan 1 och 5'],
    [{ rating: 3, comment: 'x'.repeat(301) }, 'Kommentaren får vara högst 300 tecken'],
    [{ rating: 3, comment: 42 }, 'comment: Ogiltigt värde: förväntade text, fick ett tal'],
  ])('refuses %j with a clear 400 and stores nothing', async (body, message) => {
    const c = await t.as(await buildUser(t.db));
    const res = await c.post('/api/feedback', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count()).toBe(0);
  });

  it('refuses a body that is not JSON', async () => {
    const c = await t.as(await buildUser(t.db));
    const res = await c.post('/api/feedback', '{rating:', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(await count()).toBe(0);
  });

  it('stores a rating with a trimmed comment (300 characters after trimming are fine)', async () => {
    const user = await buildUser(t.db);
    const c = await t.as(user);
    const res = await c.post('/api/feedback', { rating: 5, comment: `  ${'å'.repeat(300)}  ` });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(feedback);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, rating: 5, comment: 'å'.repeat(300) });
  });
});

describe('POST /api/newsletter', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('stores an address once; a repeat is not an error', async () => {
    const first = await t.anon.post('/api/newsletter', { email: 'Golf@Example.se' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Tack! Du är nu anmäld till vårt nyhetsbrev.');
    const again = await t.anon.post('/api/newsletter', { email: 'golf@example.se' });
    expect(again.statusCode).toBe(200);
    const rows = await t.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe('golf@example.se');
    expect(rows[0].consentedAt).toBeInstanceOf(Date);
  });

  it('refuses an invalid address', async () => {
    const res = await t.anon.post('/api/newsletter', { email: 'inte-en-adress' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ange en giltig e-postadress');
    expect(await t.db.select().from(newsletterSubscribers)).toHaveLength(1);
  });
});
