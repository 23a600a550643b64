import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { uploadImage } from '../images/images.test-helpers';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { itOnPostgres, onPostgres } from '../test/postgres-only';
import { createTestContext, type TestContext } from '../test/test-app';
import { createTestDatabase } from '../test/test-db';
import { BackupError, backupDatabase, backupKindOf, restoreDatabase } from './backup';
import { type Database, type Db, openDatabase } from './client';

const tmp = path.resolve('.tmp', `backup-test-${process.pid}-${randomBytes(4).toString('hex')}`);
mkdirSync(tmp, { recursive: true });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A photo-like JPEG (noise, so its bytes are not trivially compressible). */
async function photo(seed: number): Promise<Buffer> {
  const w = 320;
  const h = 240;
  const raw = Buffer.alloc(w * h * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    raw[i] = (i % 3 === 0 ? (i / 3) % w : 0) + (s >>> 27);
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** A site with members, events, registrations, direct messages and uploaded images, through the app. */
async function buildSite(t: TestContext): Promise<void> {
  const admin = await buildAdmin(t.db, { firstName: 'Åsa' });
  const members = [];
  for (let i = 0; i < 8; i++)
    members.push(await buildUser(t.db, { firstName: `Medlem${i}`, club: 'Östersunds GK' }));
  const events = [await buildEvent(t.db), await buildEvent(t.db, { title: 'Höstgolf på Bro Hof' })];
  for (const [i, m] of members.entries())
    await buildRegistration(t.db, { eventId: events[i % 2].id, userId: m.id });
  const [anna, bo] = await Promise.all([t.as(members[0]), t.as(members[1])]);
  for (let i = 0; i < 3; i++) {
    expect(
      (await anna.post('/api/messages', { receiverId: members[1].id, content: `Hej Bo ${i}!` })).statusCode,
    ).toBe(201);
    expect(
      (await bo.post('/api/messages', { receiverId: members[0].id, content: `Hej Anna ${i}! 🏌️` })).statusCode,
    ).toBe(201);
  }
  const asAdmin = await t.as(admin);
  for (const [i, who] of [anna, bo].entries()) {
    const res = await uploadImage(who, { entityType: 'profile', entityId: 'pending' }, await photo(i + 1));
    expect(res.statusCode).toBe(201);
  }
  const eventImage = await uploadImage(
    asAdmin,
    { entityType: 'event', entityId: String(events[0].id) },
    await photo(9),
  );
  expect(eventImage.statusCode).toBe(201);
}

/** The rows of a raw query, whichever driver answered. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

interface Snapshot {
  /** Rows of every table, by schema-qualified name. */
  counts: Record<string, number>;
  /** A digest of every table's whole content (its rows as text, sorted). */
  digests: Record<string, string>;
  /** A few members as rows. */
  members: unknown[];
  /** Every image's original and thumbnail bytes, by id. */
  images: { id: string; original: Buffer; thumbnail: Buffer }[];
}

/** The tables of the site (ours and drizzle's migration journal), their rows, a sample, the image bytes. */
async function snapshot(db: Db): Promise<Snapshot> {
  const tables = await rows<{ schema: string; name: string }>(
    db,
    sql`select schemaname as schema, tablename as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  const digests: Record<string, string> = {};
  for (const { schema, name } of tables) {
    // The rate-limit counters are UNLOGGED and left out of a backup on purpose (they start empty).
    if (name === 'rate_limit_counters') continue;
    const table = sql.raw(`"${schema}"."${name}"`);
    const [res] = await rows<{ n: number; digest: string | null }>(
      db,
      sql`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
    );
    counts[`${schema}.${name}`] = res.n;
    digests[`${schema}.${name}`] = res.digest ?? '';
  }
  const members = await rows(
    db,
    sql`select id, email, full_name, club, created_at from users order by email limit 5`,
  );
  const images = (
    await rows<{ id: string; original: Buffer | Uint8Array; thumbnail: Buffer | Uint8Array }>(
      db,
      sql`select id, original_data as original, thumbnail_data as thumbnail from images order by id`,
    )
  ).map((r) => ({ id: r.id, original: Buffer.from(r.original), thumbnail: Buffer.from(r.thumbnail) }));
  return { counts, digests, members, images };
}

/** Compares a restored database with the one backed up: every table, its rows, a sample, image bytes. */
function expectSameSite(restored: Snapshot, original: Snapshot): void {
  expect(Object.keys(restored.counts)).toEqual(Object.keys(original.counts));
  expect(restored.counts).toEqual(original.counts);
  expect(restored.digests).toEqual(original.digests);
  expect(restored.members).toEqual(original.members);
  expect(restored.images.map((i) => i.id)).toEqual(original.images.map((i) => i.id));
  for (const [i, image] of restored.images.entries()) {
    expect(image.original.equals(original.images[i].original)).toBe(true);
    expect(image.thumbnail.equals(original.images[i].thumbnail)).toBe(true);
  }
}

/** What the site must hold for the comparison to prove anything. */
function expectPopulated(s: Snapshot): void {
  expect(s.counts['public.users']).toBeGreaterThanOrEqual(9);
  expect(s.counts['public.events']).toBe(2);
  expect(s.counts['public.event_registrations']).toBe(8);
  expect(s.counts['public.messages']).toBe(6);
  expect(s.images).toHaveLength(3);
  expect(s.images.every((i) => i.original.length > 5_000 && i.thumbnail.length > 500)).toBe(true);
  expect(s.counts['drizzle.__drizzle_migrations']).toBeGreaterThan(20);
}

describe('backup and restore on PGlite (a data folder)', () => {
  it.skipIf(onPostgres)(
    'restores a site with members, events, messages and images into an empty data folder, row for row',
    async () => {
      const source = path.join(tmp, 'site');
      const template = new Blob([readFileSync(inject('testDb').template)]);
      const database = await openDatabase(
        { dataDir: source, loadDataDir: template },
        { runMigrations: false },
      );
      const t = await createTestContext({}, { database });
      await buildSite(t);
      const original = await snapshot(t.db);
      expectPopulated(original);
      await t.close();

      // A site running on the folder (another process holds its lock) is refused with what to do.
      writeFileSync(path.join(source, 'singelgolf.lock'), String(process.ppid));
      const running = backupDatabase({ dataDir: source }, path.join(tmp, 'refused.tgz'));
      await expect(running).rejects.toThrow(BackupError);
      await expect(running).rejects.toThrow(`The site is running on ${source} (process ${process.ppid})`);
      rmSync(path.join(source, 'singelgolf.lock'));

      const file = path.join(tmp, 'site.tgz');
      const { kind, bytes } = await backupDatabase({ dataDir: source }, file);
      expect(kind).toBe('pglite');
      expect(bytes).toBeGreaterThan(100_000);
      expect(backupKindOf(file)).toBe('pglite');

      const target = path.join(tmp, 'restored');
      await restoreDatabase({ dataDir: target }, file);
      const restored = await openDatabase({ dataDir: target }, { runMigrations: false });
      try {
        expectSameSite(await snapshot(restored.db), original);
      } finally {
        await restored.close();
      }

      // A second restore into the now non-empty folder is refused, unless forced.
      await expect(restoreDatabase({ dataDir: target }, file)).rejects.toThrow(
        `${target} holds a database already: restore into an empty DATA_DIR, or pass --force to replace it.`,
      );
      await restoreDatabase({ dataDir: target }, file, { force: true });
      const forced = await openDatabase({ dataDir: target }, { runMigrations: false });
      try {
        expect((await snapshot(forced.db)).counts).toEqual(original.counts);
      } finally {
        await forced.close();
      }
    },
    120_000,
  );

  it('refuses an empty data folder, a file that is no backup, and a backup of the other kind', async () => {
    const empty = path.join(tmp, 'empty');
    await expect(backupDatabase({ dataDir: empty }, path.join(tmp, 'x.tgz'))).rejects.toThrow(
      'nothing to back up',
    );
    const junk = path.join(tmp, 'junk.bin');
    writeFileSync(junk, 'SELECT 1; -- not a backup');
    await expect(restoreDatabase({ dataDir: empty }, junk)).rejects.toThrow('is not a Singelgolf backup');
    const fakeDump = path.join(tmp, 'fake.dump');
    writeFileSync(fakeDump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(600)]));
    await expect(restoreDatabase({ dataDir: empty }, fakeDump)).rejects.toThrow(
      'is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to an empty database.',
    );
  });
});

describe('backup and restore on PostgreSQL', () => {
  let admin: pg.Client | undefined;
  const created: string[] = [];
  afterAll(async () => {
    for (const name of created) await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  /** A fresh, empty database (named with this process id, as the test databases are), dropped after. */
  async function emptyDatabase(): Promise<string> {
    const url = inject('testDb').url!;
    if (!admin) {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
    }
    const name = `sg_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    created.push(name);
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.href;
  }

  itOnPostgres(
    'restores a site with members, events, messages and images into an empty database, row for row',
    async () => {
      const database: Database = await createTestDatabase();
      const t = await createTestContext({}, { database });
      try {
        await buildSite(t);
        const original = await snapshot(t.db);
        expectPopulated(original);
        // biome-ignore lint/suspicious/noExplicitAny: the pg pool behind Drizzle knows its URL
        const sourceUrl = (t.db as any).$client.options.connectionString as string;

        // pg_dump takes a consistent snapshot while the site runs.
        const file = path.join(tmp, 'site.dump');
        const { kind } = await backupDatabase({ databaseUrl: sourceUrl }, file);
        expect(kind).toBe('postgres');
        expect(backupKindOf(file)).toBe('postgres');

        const targetUrl = await emptyDatabase();
        await restoreDatabase({ databaseUrl: targetUrl }, file);
        const restored = await openDatabase(
          { databaseUrl: targetUrl, poolSize: 2 },
          { runMigrations: false },
        );
        try {
          expectSameSite(await snapshot(restored.db), original);
          // The site's writes were counted (the shared rate limits); the restored counters start empty.
          const counted = await rows<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from rate_limit_counters`,
          );
          expect(counted[0].n).toBeGreaterThan(0);
          const left = await rows<{ n: number }>(
            restored.db,
            sql`select count(*)::int as n from rate_limit_counters`,
          );
          expect(left[0].n).toBe(0);
        } finally {
          await restored.close();
        }

        // Into a database that holds tables: refused with what to do, unless forced.
        await expect(restoreDatabase({ databaseUrl: targetUrl }, file)).rejects.toThrow(
          /The database holds \d+ tables already: restore into an empty database \(createdb\), or pass --force/,
        );
        await restoreDatabase({ databaseUrl: targetUrl }, file, { force: true });
        const forced = await openDatabase({ databaseUrl: targetUrl, poolSize: 2 }, { runMigrations: false });
        try {
          expect((await snapshot(forced.db)).digests).toEqual(original.digests);
        } finally {
          await forced.close();
        }
        // A PGlite backup is not for PostgreSQL.
        const tarball = path.join(tmp, 'fake.tgz');
        writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 8, 0, ...Buffer.alloc(600)]));
        await expect(restoreDatabase({ databaseUrl: targetUrl }, tarball)).rejects.toThrow(
          'is a PGlite backup: restore it with DATABASE_URL unset',
        );
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});
