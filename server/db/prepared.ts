import type { Db } from './client';

/**
 * A query built and prepared once per database, for the hottest paths (every logged-in request):
 * Drizzle then skips building the SQL, and PostgreSQL parses and plans it once per connection.
 */
export function preparedQuery<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let q = byDb.get(db);
    if (!q) {
      q = build(db);
      byDb.set(db, q);
    }
    return q;
  };
}
