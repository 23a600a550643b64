import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle } from '../realtime/test-socket';
import { buildUser } from '../test/factories';
import { type SecondInstance, startSecondInstance } from '../test/second-instance';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

describe('a block reaches every server instance', () => {
  let t: TestContext;
  let second: SecondInstance;
  let base: string;

  beforeAll(async () => {
    t = await createTestContext();
    second = await startSecondInstance(t);
    base = second.wsUrl.replace('ws://', 'http://').replace(/\/ws$/, '');
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it("a block made through one instance hides at once from the other's warm directory and profile cache", async () => {
    const tag = `two${Date.now().toString(36)}`;
    const anna = await buildUser(t.db, { firstName: 'Anna', lastName: `A${tag}` });
    const bo = await buildUser(t.db, { firstName: 'Bo', lastName: `B${tag}` });
    const [a, b] = await Promise.all([t.as(anna), t.as(bo)]);
    const atSecond = async (client: TestClient, path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { cookie: client.cookie ?? '' } });
      return { status: res.status, body: (await res.json()) as { id: string }[] };
    };
    const ids = async (client: TestClient) =>
      (await atSecond(client, `/api/users?q=${tag}`)).body.map((m) => m.id);
    expect(await ids(b)).toEqual([anna.id, bo.id]);
    expect((await atSecond(b, `/api/users/${anna.id}`)).status).toBe(200);

    expect((await a.post('/api/blocks', { userId: bo.id })).statusCode).toBe(201);
    // The NOTIFY of the change counter (or, at the latest, the watch's 5 s re-read) reaches the other instance.
    const deadline = Date.now() + 6_000;
    while ((await ids(b)).includes(anna.id) && Date.now() < deadline) await settle(50);
    expect(await ids(b)).toEqual([bo.id]);
    expect((await atSecond(b, `/api/users/${anna.id}`)).status).toBe(404);
  });
});
