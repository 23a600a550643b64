import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

describe('health, docs, events list and unknown paths', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz', async () => {
    expect((await t.anon.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.anon.get('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await t.anon.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/user', '/api/events', '/api/feedback']),
    );
  });

  it('publishes an OpenAPI document that validates (a client generator can read it)', async () => {
    const doc = (await t.anon.get('/api/docs/json')).json();
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    // The login callback's query is named parameters, not a record turned into 'type'/'additionalProperties'.
    const names = (doc.paths['/api/callback'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['code', 'state']));
    expect(names).not.toContain('additionalProperties');
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await t.anon.get('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Hittades inte' });
  });

  it('lists events by start time with registered and waitlisted counts', async () => {
    const later = await buildEvent(t.db, {
      startTime: new Date(Date.now() + 20 * 86400000),
      endTime: new Date(Date.now() + 20 * 86400000 + 3600000),
    });
    const sooner = await buildEvent(t.db, { maxParticipants: 4 });
    for (let i = 0; i < 5; i++) {
      const u = await buildUser(t.db);
      await buildRegistration(t.db, {
        eventId: sooner.id,
        userId: u.id,
        status: i < 4 ? 'registered' : 'waitlisted',
      });
    }
    const res = await t.anon.get('/api/events');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((e: { id: number }) => e.id)).toEqual([sooner.id, later.id]);
    expect(list[0]).toMatchObject({ registeredCount: 4, waitlistedCount: 1, maxParticipants: 4 });
    expect(list[1]).toMatchObject({ registeredCount: 0, waitlistedCount: 0 });
  });

  it('refuses a wrong filter value with 400', async () => {
    const res = await t.anon.get('/api/events?status=someday');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^status: Ogiltigt val/);
  });
});
