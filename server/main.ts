import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startExitWatchdog } from './exit-watchdog';
import { asyncLogDestination } from './log-destination';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoDataIfEmpty } from './seed/seed';
import { prepareShutdown } from './shutdown';

/** The log: written without ever blocking, whatever the reader of stdout does (log-destination.ts). */
const logStream = asyncLogDestination(1);
// A reader of stdout that has gone (EPIPE) must not end the process with an unhandled error.
process.stdout.on('error', () => {});

/** Kills the process at the deadline of a stop even if the main thread is stuck (exit-watchdog.ts). */
const armWatchdog = startExitWatchdog();

/** When the process must have ended after a stop signal: 10 s after it. */
let stopDeadline = Number.POSITIVE_INFINITY;

/** Ends the process after a final flush of the log, bounded by a second and by the stop deadline. */
function exit(code: number): void {
  const budget = Math.max(0, Math.min(1_000, stopDeadline - 100 - Date.now()));
  void logStream.flush(budget).finally(() => process.exit(code));
}

/** A stop signal that came before the server listened: the start stops at the next step. */
let stopRequested: string | null = null;
let onSignal = (signal: string) => {
  stopRequested = signal;
  // Starting (migrations, demo data) may be busy for a while: the limit of a stop holds here too.
  setTimeout(() => process.exit(1), 10_000).unref();
};
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopDeadline = Math.min(stopDeadline, Date.now() + 10_000);
    // Whatever blocks the main thread from here on, the process is gone at the deadline.
    armWatchdog(stopDeadline);
    onSignal(signal);
  });
}

/** Starts the server: configuration, database (migrated), demo data, listen, graceful shutdown. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({
    config,
    database,
    startJobs: true,
    logger: { level: config.LOG_LEVEL, stream: logStream },
  });
  const shutdown = prepareShutdown(app, database, { exit });
  onSignal = (signal) => void shutdown(signal);

  if (config.demoSeeding !== 'no' && !stopRequested) {
    if (config.demoSeeding === 'warn') {
      app.log.warn(
        { logins: DEMO_LOGINS, password: DEMO_PASSWORD },
        `SEED_DEMO=true with NODE_ENV=production: an empty database gets the demo community, whose logins ${DEMO_LOGINS.join(', ')} (password ${DEMO_PASSWORD}) anyone can use. Unset SEED_DEMO for a real site.`,
      );
    }
    if (await seedDemoDataIfEmpty(database)) app.log.info('demo data seeded');
  }
  if (stopRequested) return shutdown(stopRequested);

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await app.close().catch(() => {});
    await database.close();
    exit(1);
  }
}

void main();
