import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

/**
 * Migrates one template database per run; every test file then starts from a
 * copy of it (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const database = await openDatabase({ inMemory: true });
    // biome-ignore lint/suspicious/noExplicitAny: reach the PGlite client behind Drizzle for its dump
    const client = (database.db as any).$client as import('@electric-sql/pglite').PGlite;
    const dump = await client.dumpDataDir('none');
    const dir = path.resolve('.tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('testDb', { kind, template: file });
    return;
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const template = `sg_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: templateUrl.href, poolSize: 2 });
  await database.close();
  project.provide('testDb', { kind, template, url });
  return async () => {
    // Drop databases that test files left behind (a crash), then the template.
    const left = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'sg_test_${process.pid}_%'`,
    );
    for (const { datname } of left.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite' | 'postgres'; template: string; url?: string };
  }
}
