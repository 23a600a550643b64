import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';

export type Job<T> = PgBoss.Job<T>;
export type JobInsert<T extends object> = PgBoss.JobInsert<T>;
export type SendOptions = PgBoss.SendOptions;
export type QueueOptions = Omit<PgBoss.Queue, 'name'>;

/** What a setup undoes at stop(): before pg-boss stops (stop feeding it) and after (close what handlers used). */
export interface JobsTeardown {
  beforeStop?(): Promise<void>;
  afterStop?(): Promise<void>;
}

/** pg-boss 10's job states, in its order. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** How many jobs one queue holds in one state (completed ones until they are archived, after an hour). */
export interface JobCount {
  queue: string;
  state: (typeof JOB_STATES)[number];
  count: number;
}

/** Work to do once pg-boss runs (queues, workers, schedules). */
export type JobsSetup = (jobs: Jobs) => Promise<JobsTeardown | undefined>;

/** Background jobs over pg-boss, in the app's own database (schema `pgboss`). */
export interface Jobs {
  /** True between start() and stop(). */
  readonly running: boolean;
  /** True once stop() was called: a long handler should finish what it holds and take nothing new. */
  readonly stopping: boolean;
  /** Registers a setup that runs at every start() (in order of registration). */
  onStart(setup: JobsSetup): void;
  /** Starts pg-boss (creating or migrating its schema), then runs the setups. Idempotent. */
  start(): Promise<void>;
  /**
   * Undoes the setups, then stops pg-boss gracefully: running handlers finish (up to `timeoutMs`),
   * and nothing of pg-boss touches the database after this resolves.
   */
  stop(timeoutMs?: number): Promise<void>;
  createQueue(name: string, options?: QueueOptions): Promise<void>;
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Several jobs in one statement (duplicates by a queue's singleton policy are skipped). */
  insert<T extends object>(jobs: JobInsert<T>[]): Promise<void>;
  /** A worker: the handler gets an array of jobs (pg-boss 10); a throw fails the whole batch. */
  work<T>(
    name: string,
    options: PgBoss.WorkOptions,
    handler: (jobs: Job<T>[]) => Promise<void>,
  ): Promise<string>;
  /** Wakes a worker at once instead of at its next poll. */
  notifyWorker(workerId: string): void;
  schedule(name: string, cron: string, data?: object, options?: PgBoss.ScheduleOptions): Promise<void>;
  /** Jobs by queue and state, every queue with every state (0 included); null while not running (metrics). */
  counts(): Promise<JobCount[] | null>;
}

/**
 * pg-boss's connection. PGlite: the app's own client (one connection in process), through pg-boss's
 * `db` option. PostgreSQL: a small pool of its own, so jobs never wait for request connections.
 * Either way a statement that pg-boss sends without parameters may be several (`BEGIN; …; COMMIT;`,
 * its schema and maintenance plans): PGlite runs those with `exec` (the extended protocol takes one
 * statement), and after a failed one the connection is rolled back so no aborted transaction is left
 * on it. In-flight statements are counted so stop() can wait for pg-boss's fire-and-forget writes
 * (it completes jobs without awaiting) before the database closes.
 */
function bossDb(
  database: Database,
  config: Config,
  track: <T>(p: Promise<T>) => Promise<T>,
): { db: PgBoss.Db; close(): Promise<void> } {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: reach the PGlite client behind Drizzle (as server/test/global-setup.ts does)
    const client = (database.db as any).$client as PGlite;
    const run = async (text: string, values?: unknown[]) => {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (err) {
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => {});
        throw err;
      }
    };
    return {
      db: { executeSql: (text, values) => track(run(text, values)) as Promise<{ rows: unknown[] }> },
      close: async () => {},
    };
  }

  // The app's database, wherever it came from (DATABASE_URL; tests make their own): ask its pool.
  const pgPool = (database.db as unknown as { $client?: { options?: { connectionString?: string } } })
    .$client;
  const connectionString = pgPool?.options?.connectionString ?? config.DATABASE_URL;
  const pool = new pg.Pool({
    connectionString,
    max: 3,
    idleTimeoutMillis: 30_000,
    application_name: 'singelgolf-jobs',
  });
  pool.on('error', () => {
    // An idle connection was lost; the pool makes a new one when needed.
  });
  const run = async (text: string, values?: unknown[]) => {
    const conn = await pool.connect();
    try {
      return await conn.query(text, values);
    } catch (err) {
      if (!values?.length && /\bBEGIN\b/i.test(text)) await conn.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      conn.release();
    }
  };
  return {
    db: { executeSql: (text, values) => track(run(text, values)) },
    close: () => pool.end(),
  };
}

/**
 * Creates the app's job runner (not started). pg-boss maintenance and the cron clock are kept slow:
 * on PGlite every poll is a statement on the one connection the requests use too.
 */
export function createJobs(database: Database, config: Config, log: FastifyBaseLogger): Jobs {
  const setups: JobsSetup[] = [];
  let teardowns: JobsTeardown[] = [];
  let boss: PgBoss | null = null;
  let connection: ReturnType<typeof bossDb> | null = null;
  let starting: Promise<void> | null = null;
  let stopping = false;

  // Every statement of pg-boss and every running handler, so stop() can wait for all of them.
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    const done = () => inFlight.delete(p);
    p.then(done, done);
    return p;
  };
  const drain = async () => {
    // A poll that was in flight at stop() may still hand jobs to a handler (which refuses them,
    // see work()), so wait until a whole turn of the event loop passes with nothing in flight.
    do {
      await Promise.allSettled([...inFlight]);
      await new Promise((resolve) => setImmediate(resolve));
    } while (inFlight.size > 0);
  };

  /** Undoes the setups, stops pg-boss gracefully and waits until nothing of it is in flight. */
  const shutdown = async (timeoutMs: number) => {
    const b = boss;
    if (!b) return;
    stopping = true;
    const undo = teardowns.reverse();
    teardowns = [];
    for (const t of undo) {
      await t.beforeStop?.().catch((err) => log.warn({ err }, 'stopping a background job failed'));
    }
    await b.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    // pg-boss completes a job without awaiting the write: let those land before the database closes.
    await drain();
    for (const t of undo) {
      await t.afterStop?.().catch((err) => log.warn({ err }, 'stopping a background job failed'));
    }
    await connection?.close();
    boss = null;
    connection = null;
    starting = null;
  };

  const need = (): PgBoss => {
    if (!boss) throw new Error('jobs are not running');
    return boss;
  };

  const jobs: Jobs = {
    get running() {
      return boss !== null;
    },
    get stopping() {
      return stopping;
    },
    onStart(setup) {
      setups.push(setup);
    },
    start() {
      starting ??= (async () => {
        stopping = false;
        connection = bossDb(database, config, track);
        const b = new PgBoss({
          db: connection.db,
          migrate: true,
          supervise: true,
          schedule: true,
          maintenanceIntervalSeconds: 300,
          cronMonitorIntervalSeconds: 30,
          cronWorkerIntervalSeconds: 10,
          clockMonitorIntervalMinutes: 10,
          // Finished jobs are only bookkeeping: the outbox row is the record of an e-mail.
          archiveCompletedAfterSeconds: 60 * 60,
          deleteAfterDays: 2,
        });
        // pg-boss reports worker and maintenance errors as events; an unhandled 'error' would end the process.
        b.on('error', (err) => log.warn({ err }, 'background job error'));
        try {
          await b.start();
        } catch (err) {
          await connection.close().catch(() => {});
          connection = null;
          starting = null;
          throw err;
        }
        boss = b;
        try {
          for (const setup of setups) {
            const teardown = await setup(jobs);
            if (teardown) teardowns.push(teardown);
          }
        } catch (err) {
          await shutdown(15_000);
          throw err;
        }
        log.debug('background jobs started');
      })();
      return starting;
    },
    async stop(timeoutMs = 15_000) {
      if (starting) await starting.catch(() => {});
      await shutdown(timeoutMs);
    },
    createQueue: (name, options) => need().createQueue(name, options ? { name, ...options } : undefined),
    send: (name, data, options) => need().send(name, data, options ?? {}),
    insert: (list) => need().insert(list),
    work: (name, options, handler) =>
      need().work(name, options, (list: Job<unknown>[]) => {
        // Jobs fetched while stopping are failed back to pg-boss (retried later, here or elsewhere).
        if (stopping) return Promise.reject(new Error('background jobs are stopping'));
        return track(handler(list as Job<never>[]));
      }),
    notifyWorker: (workerId) => boss?.notifyWorker(workerId),
    schedule: (name, cron, data, options) => need().schedule(name, cron, data, options),
    async counts() {
      const b = boss;
      const conn = connection;
      if (!b || !conn) return null;
      // One scan of the job table (pg-boss's getQueueSize would be one per queue and state).
      const queues = (await b.getQueues()) as { name: string }[];
      const { rows } = (await conn.db.executeSql(
        'select name, state::text as state, count(*)::int as count from pgboss.job group by name, state',
        [],
      )) as { rows: { name: string; state: string; count: number }[] };
      const found = new Map(rows.map((r) => [`${r.name} ${r.state}`, Number(r.count)]));
      return queues.flatMap(({ name }) =>
        JOB_STATES.map((state) => ({ queue: name, state, count: found.get(`${name} ${state}`) ?? 0 })),
      );
    },
  };
  return jobs;
}
