// Backup and restore times (issue 32): the demo site, and a generated site of 10,000 members and 1,000
// events with registrations, messages and images, on PGlite and PostgreSQL. `npm run bench -- backup`;
// `BENCH_KINDS=pglite` for one database. Writes bench/results/backup.json.
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { backupDatabase, restoreDatabase } from '../server/db/backup';
import { type Database, openDatabase } from '../server/db/client';
import { seedDemoDataIfEmpty } from '../server/seed/seed';
import { generateActivity } from './admin-data';
import { freshDatabase } from './lib/database';
import { writeResults } from './lib/results';
import { generateMembers } from './members-data';

const root = path.resolve(import.meta.dirname, '..');
const MEMBERS = 10_000;
const EVENTS = 1_000;
const REGISTRATIONS = 10_000;
const MESSAGES = 10_000;
/** Profile pictures of a tenth of the members, each a photo-like JPEG of about 150 KB and its thumbnail. */
const IMAGES = 1_000;

const kinds = (process.env.BENCH_KINDS ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];

/** A photo-like JPEG of `w`×`h` (noise and gradients: no better compressible than a photo). */
async function photo(w: number, h: number): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  let s = 7;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    raw[i] = ((i / 3) % w) / 4 + (s >>> 26);
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function generateSite(database: Database): Promise<void> {
  await generateMembers(database, MEMBERS);
  await generateActivity(database, {
    members: MEMBERS,
    registrations: REGISTRATIONS,
    messages: MESSAGES,
    events: EVENTS,
  });
  const [original, thumbnail] = await Promise.all([photo(800, 600), photo(200, 150)]);
  await database.db.execute(sql`
    insert into images (original_data, thumbnail_data, mime_type, original_size, thumbnail_size, width, height,
                        entity_type, entity_id, uploaded_by)
    select ${original}::bytea, ${thumbnail}::bytea, 'image/jpeg', ${original.length}, ${thumbnail.length}, 800, 600,
           'profile', u.id, u.id
    from (select id from users order by created_at limit ${IMAGES}) u`);
}

async function counts(database: Database): Promise<Record<string, number>> {
  const res: unknown = await database.db.execute(sql`
    select (select count(*) from users)::int as members, (select count(*) from events)::int as events,
           (select count(*) from event_registrations)::int as registrations,
           (select count(*) from messages)::int as messages, (select count(*) from images)::int as images,
           round((select coalesce(sum(original_size + thumbnail_size), 0) from images) / 1e6, 1)::float8 as "imageMB"`);
  const rows = Array.isArray(res) ? res : (res as { rows: Record<string, number>[] }).rows;
  return rows[0] ?? {};
}

const rows: Record<string, unknown>[] = [];
for (const kind of kinds) {
  for (const site of ['demo', 'generated'] as const) {
    const name = `backup-${site}-${kind}`;
    const source = await freshDatabase(kind, name);
    const target = await freshDatabase(kind, `${name}-restored`);
    const file = path.join(root, '.tmp', `${name}.${kind === 'pglite' ? 'tgz' : 'dump'}`);
    try {
      const db = await source.open();
      if (site === 'demo') await seedDemoDataIfEmpty(db);
      else await generateSite(db);
      const before = await counts(db);
      await db.close();
      const src = kind === 'pglite' ? { dataDir: source.dataDir! } : { databaseUrl: source.databaseUrl! };
      const dst = kind === 'pglite' ? { dataDir: target.dataDir! } : { databaseUrl: target.databaseUrl! };

      let started = performance.now();
      await backupDatabase(src, file);
      const backupMs = performance.now() - started;
      started = performance.now();
      await restoreDatabase(dst, file);
      const restoreMs = performance.now() - started;

      // The restored site starts as the server would: migrations (none newer) and its first query.
      started = performance.now();
      const restored = await openDatabase(
        kind === 'pglite' ? { dataDir: dst.dataDir } : { databaseUrl: dst.databaseUrl },
      );
      const after = await counts(restored);
      const openMs = performance.now() - started;
      await restored.close();
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        throw new Error(`${name}: restored ${JSON.stringify(after)}, backed up ${JSON.stringify(before)}`);
      }
      rows.push({
        database: kind,
        site,
        ...before,
        backupMB: Number((statSync(file).size / 1e6).toFixed(1)),
        backupS: Number((backupMs / 1000).toFixed(2)),
        restoreS: Number((restoreMs / 1000).toFixed(2)),
        openAfterRestoreS: Number((openMs / 1000).toFixed(2)),
      });
    } finally {
      rmSync(file, { force: true });
      await source.drop();
      await target.drop();
    }
  }
}
writeResults('backup', rows, {
  note: 'backupS: npm run backup (pg_dump --format=custom / PGlite dumpDataDir gzip); restoreS: npm run restore into an empty database or data folder; openAfterRestoreS: opening the restored database with migrations and counting its rows',
});
