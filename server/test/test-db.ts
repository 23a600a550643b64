import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';

/** A fresh database for one test file, copied from the migrated template; close() removes it. */
export async function createTestDatabase(): Promise<Database> {
  const info = inject('testDb');
  if (info.kind === 'pglite') {
    const loadDataDir = new Blob([readFileSync(info.template)]);
    return openDatabase({ inMemory: true, loadDataDir }, { runMigrations: false });
  }
  const templatePid = info.template.replace('sg_template_', '');
  const name = `sg_test_${templatePid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${info.template}`);
  await admin.end();
  const url = new URL(info.url!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.href, poolSize: 20 }, { runMigrations: false });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: info.url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return database;
}
