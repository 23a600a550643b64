import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { swedishZodError } from './zod-swedish';

/** Words of zod's English defaults (and of its `sv` locale's untranslated type names). */
const ENGLISH =
  /\b(invalid|expected|received|too (big|small)|required|input|unrecognized|string|object|boolean|number)\b/i;

describe("zod's messages in Swedish (issue 31)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers a malformed body with a Swedish message that names the field', async () => {
    const c = await t.as(await buildUser(t.db));
    const res = await c.post('/api/feedback', { rating: 3, comment: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('comment: Ogiltigt värde: förväntade text, fick ett tal');
  });

  it("keeps the schemas' own texts as written", async () => {
    const c = await t.as(await buildUser(t.db));
    const res = await c.post('/api/feedback', { rating: 6 });
    expect(res.json().message).toBe('Betyget måste vara mellan 1 och 5');
  });

  it('words every kind of default issue in Swedish', () => {
    const schema = z
      .object({
        s: z.string().min(2).max(3),
        n: z.number().int().min(1).max(5),
        b: z.boolean(),
        o: z.object({ x: z.string() }),
        a: z.array(z.number()).max(1),
        e: z.email(),
        u: z.uuid(),
        d: z.iso.datetime(),
        en: z.enum(['a', 'b']),
        l: z.literal('x'),
        r: z.string().regex(/^x$/),
        un: z.union([z.string(), z.number()]),
      })
      .strict();
    const bad = [
      {
        s: 1,
        n: 'x',
        b: 'x',
        o: null,
        a: {},
        e: 'x',
        u: 'x',
        d: 'x',
        en: 'c',
        l: 'y',
        r: 'y',
        un: true,
        extra: 1,
      },
      { s: 'a', n: 0.5, b: 1, o: { x: 1 }, a: [1, 2], e: 'a@', u: '', d: '2026', en: 1, l: 1, r: '', un: {} },
      { s: 'abcd', n: 9, b: [], o: [], a: ['x'] },
      null,
    ];
    const messages = bad.flatMap((v) => schema.safeParse(v, { error: swedishZodError }).error?.issues ?? []);
    expect(messages.length).toBeGreaterThan(25);
    for (const { message } of messages) expect(message).not.toMatch(ENGLISH);
    expect(
      schema.safeParse(bad[2], { error: swedishZodError }).error?.issues.map((i) => i.message),
    ).toContain('s: För lång: högst 3 tecken');
  });
});
