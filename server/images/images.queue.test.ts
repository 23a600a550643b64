import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFullError } from './images.queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('FairQueue', () => {
  it('runs at most `concurrency` tasks at once, and every task', async () => {
    const q = new FairQueue(2, 100);
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
    };
    await Promise.all(Array.from({ length: 10 }, (_, i) => q.run(`m${i % 3}`, task)));
    expect(most).toBe(2);
    expect(q.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('takes the members in turn: one member with many tasks does not hold up another', async () => {
    const q = new FairQueue(1, 100);
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(name);
      await tick();
    };
    const all = [
      ...['a1', 'a2', 'a3', 'a4'].map((n) => q.run('anna', task(n))),
      q.run('bo', task('b1')),
      q.run('bo', task('b2')),
      q.run('cilla', task('c1')),
    ];
    await Promise.all(all);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']);
  });

  it('refuses more than `maxWaiting` waiting tasks at once, and passes results and errors through', async () => {
    const q = new FairQueue(1, 2);
    let release = () => {};
    const first = q.run('a', () => new Promise<string>((r) => (release = () => r('ett'))));
    const second = q.run('b', async () => 'två');
    const third = q.run('c', async () => {
      throw new Error('trasig');
    });
    expect(q.stats).toEqual({ running: 1, waiting: 2 });
    expect(() => q.run('d', async () => 'fyra')).toThrow(QueueFullError);
    await tick();
    release();
    await expect(first).resolves.toBe('ett');
    await expect(second).resolves.toBe('två');
    await expect(third).rejects.toThrow('trasig');
    await expect(q.run('d', async () => 'fyra')).resolves.toBe('fyra');
  });
});
