import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (server/metrics/): `GET /metrics` serves them; domains report into them. */
    metrics: Metrics;
  }
}

/** What a push message came to (server/push/push.sender.ts). */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** The outbox by status and the age of its oldest queued e-mail (server/email/outbox.queries.ts). */
export interface EmailStats {
  byStatus: Record<string, number>;
  oldestQueuedSeconds: number;
}

/** Jobs by queue and state (server/jobs/jobs.ts); null while the jobs do not run here. */
export type JobStats = { queue: string; state: string; count: number }[] | null;

/**
 * What the domains report when Prometheus scrapes, each set by the domain that knows it (a domain above
 * this one sets its own: realtime its sockets, the app the outbox and the jobs). Unset: no series.
 */
export interface MetricsSources {
  websocketConnections?: () => number;
  emails?: () => Promise<EmailStats>;
  jobs?: () => Promise<JobStats>;
}

/** One app's metrics: its own registry (tests build many apps in one process), the instruments, the sources. */
export interface Metrics {
  /** True when METRICS_TOKEN is set: only then are requests timed and process metrics collected. */
  readonly enabled: boolean;
  readonly registry: Registry;
  readonly sources: MetricsSources;
  /** Counts one finished HTTP request under its route pattern (never the raw URL). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** Counts one push message by what came of it. */
  pushMessage(outcome: PushOutcome): void;
}

/** HTTP durations: from a cached answer (a few ms) to a slow export (10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Creates the metrics of one app. Every name starts with `singelgolf_` (the process's own are
 * prom-client's defaults: `process_*`, `nodejs_*`); docs/operations.md describes each. A source that
 * fails at a scrape (the database is down) leaves its series out and is logged; the scrape still answers.
 */
export function createMetrics(options: {
  enabled: boolean;
  database: Database;
  log: FastifyBaseLogger;
}): Metrics {
  const { enabled, database, log } = options;
  const registry = new Registry();
  const sources: MetricsSources = {};
  // Event-loop lag, memory, CPU, handles, GC: only when someone can read them (each call starts monitors).
  if (enabled) collectDefaultMetrics({ register: registry });

  const failed = (source: string) => (err: unknown) => {
    log.warn({ err, source }, 'a metrics source failed');
    return null;
  };

  const requests = new Counter({
    name: 'singelgolf_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'singelgolf_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'singelgolf_websocket_connections',
    help: 'Open WebSocket connections on this instance',
    registers: [registry],
    collect() {
      this.reset();
      const count = sources.websocketConnections?.();
      if (count !== undefined) this.set(count);
    },
  });
  // Both e-mail series come from one statement per scrape (prom-client collects every metric at once).
  let emailScrape: Promise<EmailStats | null> | null = null;
  const emailStats = () => {
    emailScrape ??= (sources.emails?.() ?? Promise.resolve(null)).catch(failed('emails')).finally(() => {
      emailScrape = null;
    });
    return emailScrape;
  };
  new Gauge({
    name: 'singelgolf_emails',
    help: 'E-mails in the outbox by status (queued, sending, sent, failed, captured)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const stats = await emailStats();
      for (const [status, count] of Object.entries(stats?.byStatus ?? {})) this.set({ status }, count);
    },
  });
  new Gauge({
    name: 'singelgolf_email_oldest_queued_age_seconds',
    help: 'Age in seconds of the oldest queued e-mail in the outbox (0 when none is queued)',
    registers: [registry],
    async collect() {
      this.set((await emailStats())?.oldestQueuedSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'singelgolf_jobs',
    help: 'Background jobs (pg-boss) by queue and state; completed ones until archived after an hour',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await sources.jobs?.().catch(failed('jobs'));
      for (const { queue, state, count } of counts ?? []) this.set({ queue, state }, count);
    },
  });
  const push = new Counter({
    name: 'singelgolf_push_messages_total',
    help: 'Web push messages by outcome: delivered, gone (the subscription was removed) or failed',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Known outcomes start at 0, so a rate over them is defined before the first failure.
  for (const outcome of ['delivered', 'gone', 'failed'] as const) push.inc({ outcome }, 0);

  const pool = (name: string, help: string, read: (s: ReturnType<Database['stats']>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(database.stats()));
      },
    });
  pool(
    'singelgolf_db_pool_max_connections',
    'Connections the database pool may open (PGlite: 1)',
    (s) => s.max,
  );
  pool(
    'singelgolf_db_pool_connections',
    'Connections the database pool holds open (PGlite: 1)',
    (s) => s.total,
  );
  pool(
    'singelgolf_db_pool_idle_connections',
    'Open connections not running a statement (PGlite: 1 when idle, else 0)',
    (s) => s.idle,
  );
  pool(
    'singelgolf_db_pool_waiting',
    'Requests for a connection waiting for one (PGlite: statements queued behind the one running)',
    (s) => s.waiting,
  );
  // The database counts failed statements itself; the counter catches up with it at each scrape.
  const seen = new Map<string, number>();
  new Counter({
    name: 'singelgolf_db_query_errors_total',
    help: 'Database statements that failed, by SQLSTATE (none: no code, e.g. a lost connection)',
    labelNames: ['code'] as const,
    registers: [registry],
    collect() {
      for (const [code, count] of database.stats().queryErrors) {
        const delta = count - (seen.get(code) ?? 0);
        if (delta > 0) this.inc({ code }, delta);
        seen.set(code, count);
      }
    },
  });

  return {
    enabled,
    registry,
    sources,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    pushMessage(outcome) {
      push.inc({ outcome });
    },
  };
}
