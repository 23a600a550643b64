import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';

/** The stored value of a named secret, or undefined. */
export async function findSecretValue(db: Db, name: string): Promise<unknown> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}

/** Stores a named secret unless one is stored already (another instance may have been first). */
export async function insertSecretIfMissing(db: Db, name: string, value: object): Promise<void> {
  await db.insert(serverSecrets).values({ name, value }).onConflictDoNothing();
}
