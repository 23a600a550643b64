import { errorSchema } from '@common/schemas/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from './test/test-app';

type JsonSchema = {
  type?: string;
  properties?: Record<string, { type?: string }>;
  required?: string[];
  anyOf?: JsonSchema[];
};

/** The shared error body as the OpenAPI document writes it. */
const ERROR_BODY: JsonSchema = (() => {
  const { $schema: _, ...rest } = z.toJSONSchema(errorSchema) as JsonSchema & { $schema?: string };
  return rest;
})();

/** An object schema whose `message` is a required string: the shared body, or one that adds fields to it. */
const carriesMessage = (s: JsonSchema) =>
  s.type === 'object' && s.properties?.message?.type === 'string' && !!s.required?.includes('message');

describe('error answers of the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('declare the shared errorSchema (or a body that adds fields to it) for every 4xx and 5xx', () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
      >;
    };
    let shared = 0;
    const other: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [code, response] of Object.entries(op.responses ?? {})) {
          if (Number(code) < 400) continue;
          const schema = response.content?.['application/json']?.schema;
          const where = `${method.toUpperCase()} ${path} ${code}`;
          expect(schema, where).toBeDefined();
          if (!schema) continue;
          if (JSON.stringify(schema) === JSON.stringify(ERROR_BODY)) shared++;
          else if (schema.anyOf?.some((s) => JSON.stringify(s) === JSON.stringify(ERROR_BODY))) shared++;
          else if (carriesMessage(schema)) other.push(where);
          else expect.fail(`${where} declares an error body without {message}: ${JSON.stringify(schema)}`);
        }
      }
    }
    expect(shared).toBeGreaterThan(100);
    // Only the password change adds a field (which input the message belongs to).
    expect(other.every((w) => w.includes('/api/me/password'))).toBe(true);
  });

  it('answer the body the schema describes', async () => {
    const res = await t.anon.get('/api/events/999999');
    expect(res.statusCode).toBe(404);
    expect(errorSchema.strict().parse(res.json())).toEqual({ message: res.json().message });
    const bad = await t.anon.get('/api/events/abc');
    expect(bad.statusCode).toBe(400);
    expect(errorSchema.safeParse(bad.json()).success).toBe(true);
  });
});
