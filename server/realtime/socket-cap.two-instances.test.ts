import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildUser } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import { type SecondInstance, startSecondInstance } from '../test/second-instance';
import { createTestContext, type TestContext } from '../test/test-app';
import { CLOSE_POLICY_VIOLATION, MAX_SOCKETS_PER_USER } from './realtime.hub';
import { openSocket, settle, type TestSocket } from './test-socket';

const half = MAX_SOCKETS_PER_USER / 2;

/** Waits until `check` holds (or fails after 3 s). */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached within 3 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The cap of MAX_SOCKETS_PER_USER sockets per member holds across instances on PostgreSQL (each
 * instance's presence rows; admission under a lock per member). PGlite is one process: one instance.
 */
describe('the WebSocket cap per member across two instances', () => {
  let t: TestContext;
  let b: SecondInstance;
  let urlA: string;
  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    b = await startSecondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  itOnPostgres(
    `refuses the socket after ${MAX_SOCKETS_PER_USER} held over both instances (429)`,
    async () => {
      const member = await buildUser(t.db);
      const { cookie } = await t.as(member);
      const sockets: TestSocket[] = [];
      for (let i = 0; i < half; i++) sockets.push(await openSocket(urlA, { cookie }));
      for (let i = 0; i < half; i++) sockets.push(await openSocket(b.wsUrl, { cookie }));
      await Promise.all([t.app.presence.settled(), b.app.presence.settled()]);
      const refused = `upgrade refused: 429 ${JSON.stringify({ message: msg.realtimeTooManySockets })}`;
      await expect(openSocket(urlA, { cookie })).rejects.toThrow(refused);
      await expect(openSocket(b.wsUrl, { cookie })).rejects.toThrow(refused);
      expect(t.app.realtime.countFor(member.id) + b.app.realtime.countFor(member.id)).toBe(
        MAX_SOCKETS_PER_USER,
      );

      // One closed on A: one may open on B.
      sockets.shift()?.close();
      await until(() => t.app.realtime.countFor(member.id) === half - 1);
      await t.app.presence.settled();
      sockets.push(await openSocket(b.wsUrl, { cookie }));
      await b.app.presence.settled();
      await expect(openSocket(urlA, { cookie })).rejects.toThrow(refused);
      for (const s of sockets) s.close();
    },
  );

  itOnPostgres('keeps the cap when sockets open on both instances at once', async () => {
    const member = await buildUser(t.db);
    const { cookie } = await t.as(member);
    // Twice the cap at once, half through each instance: the upgrade checks all pass before any is counted.
    const attempts = await Promise.allSettled(
      Array.from({ length: 2 * MAX_SOCKETS_PER_USER }, (_, i) =>
        openSocket(i % 2 ? urlA : b.wsUrl, { cookie }),
      ),
    );
    const opened = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    await Promise.all([t.app.presence.settled(), b.app.presence.settled()]);
    await settle();
    const held = () => t.app.realtime.countFor(member.id) + b.app.realtime.countFor(member.id);
    expect(held()).toBeLessThanOrEqual(MAX_SOCKETS_PER_USER);
    expect(held()).toBeGreaterThan(0);
    // Every socket over the cap was refused at the upgrade (429) or closed right after it (1008).
    const open = opened.filter((s) => s.ws.readyState === s.ws.OPEN);
    expect(open).toHaveLength(held());
    for (const s of opened.filter((x) => x.ws.readyState !== x.ws.OPEN)) {
      expect(await s.closed).toBe(CLOSE_POLICY_VIOLATION);
    }
    for (const s of opened) s.close();
  });
});
