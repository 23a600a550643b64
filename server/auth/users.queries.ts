import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { users } from '../db/schema';
import type { UserRow } from './users.presenter';

/** One member by id, or undefined. */
const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('sg_user_by_id'),
);

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await userById(db).execute({ id });
  return rows[0];
}
