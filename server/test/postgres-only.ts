import { it, type TestFunction } from 'vitest';

/** True when the server tests run on PostgreSQL (TEST_DB=postgres, as CI's second pass does). */
export const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * A test that proves something only on PostgreSQL, such as what a row lock does under simultaneous
 * requests. PGlite is one connection that serialises every transaction, so there the requests never
 * overlap and a green run would prove nothing: the test is named '… (PostgreSQL)' and reported as
 * skipped on PGlite. `npm test` (scripts/test.mjs) runs it in its PostgreSQL pass.
 */
export function itOnPostgres(name: string, fn: TestFunction, timeout?: number): void {
  it.runIf(onPostgres)(`${name} (PostgreSQL)`, fn, timeout);
}
