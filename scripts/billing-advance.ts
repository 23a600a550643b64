// npm run billing:advance -- <days> [--fail]: moves the test payment mode's billing clock forward.
// Every test subscription whose period falls due is renewed (or, with --fail, its renewal fails:
// past due, and a second failure ends it); a cancelled one ends and its member becomes free.
// The same events as Stripe's webhooks go through the same handler. Only without STRIPE_SECRET_KEY.
// With PGlite held by a running server, it asks that server (token from DATA_DIR) instead.
import { existsSync, readFileSync } from 'node:fs';
import { type AdvanceResult, createTestModeProvider } from '../server/billing/billing.test-mode';
import { clockTokenFile } from '../server/billing/billing-clock.routes';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

const args = process.argv.slice(2);
const days = Number(args.find((a) => !a.startsWith('--')));
const failRenewal = args.includes('--fail');
if (!Number.isFinite(days) || days <= 0 || days > 3650) {
  console.error('Usage: npm run billing:advance -- <days> [--fail]   (days: 1 to 3650)');
  process.exit(2);
}
const config = loadConfig();
if (config.STRIPE_SECRET_KEY) {
  console.error('STRIPE_SECRET_KEY is set: Stripe runs the billing clock (use a Stripe test clock instead).');
  process.exit(2);
}

/** Directly on the database (PostgreSQL, or a PGlite folder no server holds). */
async function advanceDirectly(): Promise<AdvanceResult[] | null> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (err) {
    if (!config.DATABASE_URL && /is in use by process/.test((err as Error).message)) return null;
    throw err;
  }
  try {
    return await createTestModeProvider(database.db, config.publicUrl).advance(days, { failRenewal });
  } finally {
    await database.close();
  }
}

/** Through the running server that holds the PGlite folder. */
async function advanceThroughServer(): Promise<AdvanceResult[]> {
  const file = clockTokenFile(config.DATA_DIR);
  if (!existsSync(file))
    throw new Error(`The server holds ${config.DATA_DIR} but ${file} is missing; restart it.`);
  const res = await fetch(`${config.publicUrl}/api/test-billing/advance`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: config.publicUrl,
      'x-billing-clock-token': readFileSync(file, 'utf8').trim(),
    },
    body: JSON.stringify({ days, failRenewal }),
  });
  if (!res.ok) throw new Error(`${config.publicUrl} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as AdvanceResult[];
}

try {
  const results = (await advanceDirectly()) ?? (await advanceThroughServer());
  const count = (r: string) => results.filter((x) => x.result === r).length;
  console.log(
    `Billing clock moved ${days} day(s): ${results.length} live subscription(s), ` +
      `${count('renewed')} renewed, ${count('payment_failed')} payment failed, ${count('ended')} ended.`,
  );
  for (const r of results) console.log(`  ${r.subscriptionId} (member ${r.userId}): ${r.result}`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
