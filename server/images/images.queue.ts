import { availableParallelism } from 'node:os';

/** Thrown when too many images are already waiting: the caller answers "busy, try again". */
export class QueueFullError extends Error {
  constructor() {
    super('image work queue is full');
  }
}

/**
 * Runs async work at most `concurrency` at a time, fairly: each key (a member) has its own line and
 * the lines take turns, so one member's ten uploads do not make everyone else's wait behind them.
 * At most `maxWaiting` tasks wait (each holds an upload in memory); more are refused at once.
 */
export class FairQueue {
  /** Waiting starters by key; Map order is the turn order (a key that got a turn goes to the back). */
  private readonly lines = new Map<string, Array<() => void>>();
  private running = 0;
  private waiting = 0;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  /** Tasks running now and waiting for a turn. */
  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting };
  }

  /** Runs fn when its key's turn comes; throws QueueFullError (synchronously) when the queue is full. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxWaiting) throw new QueueFullError();
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        Promise.resolve()
          .then(fn)
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.next();
          });
      };
      const line = this.lines.get(key);
      if (line) line.push(start);
      else this.lines.set(key, [start]);
      this.waiting++;
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.concurrency) {
      const first = this.lines.entries().next();
      if (first.done) return;
      const [key, line] = first.value;
      const start = line.shift();
      this.lines.delete(key);
      if (line.length > 0) this.lines.set(key, line);
      this.waiting--;
      start?.();
    }
  }
}

/**
 * The process's image work (decode, resize, encode): one image at a time on 2 cores, two on more.
 * sharp runs in libuv's thread pool, off the event loop, but on 2 cores each busy image thread takes
 * CPU from the event loop: with four 3 MB photos at once (4 threads) GET /api/events waited seconds.
 * Shared by every app in the process, as the cores are.
 */
export const imageWork = new FairQueue(Math.max(1, Math.min(2, availableParallelism() - 1)), 32);
