import { describe, expect, it } from 'vitest';
import {
  isFinalRefusal,
  memoryScoreStorage,
  queueKey,
  ScoreQueue,
  type SendResult,
  type SendScores,
} from './score-queue';

type Sent = Parameters<SendScores>;

/** A server stand-in that records each request and answers what the test says. */
function recorder(answer: (call: Sent) => SendResult | Promise<SendResult> = () => ({ kind: 'ok' })) {
  const calls: Sent[] = [];
  const send: SendScores = async (...args) => {
    calls.push(args);
    return answer(args);
  };
  return { calls, send };
}

function clock(start = Date.parse('2026-06-14T08:00:00Z')) {
  let t = start;
  return { now: () => new Date(t), tick: (ms: number) => (t += ms) };
}

const USER_A = '00000000-0000-4000-8000-00000000000a';
const USER_B = '00000000-0000-4000-8000-00000000000b';

describe('ScoreQueue', () => {
  it('stores an entry before sending and removes it only after the server took it', async () => {
    const storage = memoryScoreStorage();
    let release: (r: SendResult) => void = () => {};
    const { calls, send } = recorder(() => new Promise((r) => (release = r)));
    const q = new ScoreQueue(storage, send, clock().now);
    const entering = q.enter(7, USER_A, 1, 5);
    await entering;
    expect(storage.data.get(queueKey(7, USER_A, 1))?.strokes).toBe(5);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[2]).toEqual([{ hole: 1, strokes: 5, enteredAt: '2026-06-14T08:00:00.000Z' }]);
    release({ kind: 'ok' });
    await q.flush();
    expect(storage.data.size).toBe(0);
    expect(q.snapshot()).toEqual([]);
  });

  it('keeps everything while offline and sends each player once when the connection returns', async () => {
    const storage = memoryScoreStorage();
    let online = false;
    const { calls, send } = recorder(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return { kind: 'ok' };
    });
    const c = clock();
    const q = new ScoreQueue(storage, send, c.now);
    for (let hole = 1; hole <= 6; hole += 1) {
      await q.enter(3, USER_A, hole, 4);
      await q.enter(3, USER_B, hole, null);
      c.tick(60_000);
    }
    await q.flush();
    expect(storage.data.size).toBe(12);
    const failed = calls.length;
    online = true;
    await q.flush();
    expect(storage.data.size).toBe(0);
    const sent = calls.slice(failed);
    expect(sent.map((s) => s[1]).sort()).toEqual([USER_A, USER_B]);
    expect(sent.find((s) => s[1] === USER_B)?.[2].map((h) => h.strokes)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(sent.find((s) => s[1] === USER_A)?.[2].map((h) => h.hole)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('survives a reload: a new queue over the same storage sends what the old one left', async () => {
    const storage = memoryScoreStorage();
    const offline = recorder(() => ({ kind: 'retry' }));
    const first = new ScoreQueue(storage, offline.send, clock().now);
    await first.enter(3, USER_A, 4, 6);
    await first.flush();
    expect(storage.data.size).toBe(1);

    const online = recorder();
    const second = new ScoreQueue(storage, online.send, clock().now);
    await second.load();
    expect(second.snapshot().map((e) => e.strokes)).toEqual([6]);
    await second.flush();
    expect(online.calls[0]?.[2]).toEqual([{ hole: 4, strokes: 6, enteredAt: '2026-06-14T08:00:00.000Z' }]);
    expect(storage.data.size).toBe(0);
  });

  it('replaces a waiting value for the same hole and stamps it later, even within one millisecond', async () => {
    const storage = memoryScoreStorage();
    const { calls, send } = recorder(() => ({ kind: 'retry' }));
    const q = new ScoreQueue(storage, send, clock().now);
    await q.enter(3, USER_A, 2, 5);
    await q.enter(3, USER_A, 2, 6);
    const [entry, ...rest] = q.snapshot();
    expect(rest).toEqual([]);
    expect(entry?.strokes).toBe(6);
    expect(entry?.enteredAt).toBe('2026-06-14T08:00:00.001Z');
    await q.flush();
    expect(calls.at(-1)?.[2]).toEqual([{ hole: 2, strokes: 6, enteredAt: '2026-06-14T08:00:00.001Z' }]);
  });

  it('holds a value in its snapshot before a slow storage has written it (a second quick tap reads it)', async () => {
    const base = memoryScoreStorage();
    const writes: (() => void)[] = [];
    const slow = {
      ...base,
      put: (e: Parameters<typeof base.put>[0]) =>
        new Promise<void>((r) => writes.push(() => void base.put(e).then(r))),
    };
    const q = new ScoreQueue(slow, recorder().send, clock().now);
    await q.load();
    const first = q.enter(3, USER_A, 5, 4);
    expect(q.snapshot().map((e) => e.strokes)).toEqual([4]);
    const second = q.enter(3, USER_A, 5, (q.snapshot()[0]?.strokes ?? 0) + 1);
    expect(q.snapshot().map((e) => e.strokes)).toEqual([5]);
    for (const write of writes) write();
    await Promise.all([first, second]);
    await q.flush();
    expect(base.data.size).toBe(0);
  });

  it('keeps a newer value entered while the older one was on its way', async () => {
    const storage = memoryScoreStorage();
    const releases: ((r: SendResult) => void)[] = [];
    const { calls, send } = recorder(() => new Promise((r) => releases.push(r)));
    const c = clock();
    const q = new ScoreQueue(storage, send, c.now);
    await q.enter(3, USER_A, 1, 5);
    c.tick(1000);
    await q.enter(3, USER_A, 1, 4); // while the 5 is being sent
    releases.shift()?.({ kind: 'ok' });
    await new Promise((r) => setTimeout(r, 0));
    expect(storage.data.get(queueKey(3, USER_A, 1))?.strokes).toBe(4);
    releases.shift()?.({ kind: 'ok' });
    await q.flush();
    expect(calls.map((call) => call[2][0]?.strokes)).toEqual([5, 4]);
    expect(storage.data.size).toBe(0);
  });

  it('marks a refused entry (results final) and never sends it again', async () => {
    const storage = memoryScoreStorage();
    const { calls, send } = recorder(() => ({ kind: 'rejected', message: 'Resultatet är slutgiltigt' }));
    const q = new ScoreQueue(storage, send, clock().now);
    await q.enter(3, USER_A, 9, 3);
    await q.flush();
    expect(q.snapshot()[0]?.rejected).toBe('Resultatet är slutgiltigt');
    expect(storage.data.get(queueKey(3, USER_A, 9))?.rejected).toBe('Resultatet är slutgiltigt');
    await q.flush();
    await q.flush();
    expect(calls).toHaveLength(1);
    await q.dismissRejected(3);
    expect(storage.data.size).toBe(0);
  });

  it('runs one send at a time and sends again for values entered meanwhile', async () => {
    const storage = memoryScoreStorage();
    let inFlight = 0;
    let most = 0;
    const { calls, send } = recorder(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return { kind: 'ok' };
    });
    const q = new ScoreQueue(storage, send, clock().now);
    await Promise.all([q.enter(3, USER_A, 1, 4), q.enter(3, USER_A, 2, 5), q.enter(3, USER_B, 1, 3)]);
    await q.flush();
    await q.flush();
    expect(most).toBe(1);
    expect(storage.data.size).toBe(0);
    const holesSent = calls.flatMap((c) => c[2].map((h) => `${c[1]}:${h.hole}`));
    expect(new Set(holesSent).size).toBe(3);
  });

  it('tells listeners about every change', async () => {
    const { send } = recorder(() => ({ kind: 'retry' }));
    const q = new ScoreQueue(memoryScoreStorage(), send, clock().now);
    let changes = 0;
    const stop = q.subscribe(() => (changes += 1));
    await q.enter(3, USER_A, 1, 4);
    expect(changes).toBeGreaterThan(0);
    stop();
    const before = changes;
    await q.enter(3, USER_A, 2, 4);
    expect(changes).toBe(before);
  });
});

describe('isFinalRefusal', () => {
  it('gives up on refusals that will not change and retries the rest', () => {
    expect([400, 403, 404, 409, 422].map(isFinalRefusal)).toEqual([true, true, true, true, true]);
    expect([401, 408, 429, 500, 503].map(isFinalRefusal)).toEqual([false, false, false, false, false]);
  });
});
