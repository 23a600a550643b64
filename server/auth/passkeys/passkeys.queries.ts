import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpAccounts, passkeys } from '../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** The built-in issuer account's fields passkeys need. */
export interface PasskeyAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerifiedAt: Date | null;
}

/** One built-in issuer account, or undefined. */
export async function findPasskeyAccount(db: Db, accountId: string): Promise<PasskeyAccount | undefined> {
  const rows = await db
    .select({
      id: idpAccounts.id,
      email: idpAccounts.email,
      firstName: idpAccounts.firstName,
      lastName: idpAccounts.lastName,
      emailVerifiedAt: idpAccounts.emailVerifiedAt,
    })
    .from(idpAccounts)
    .where(eq(idpAccounts.id, accountId))
    .limit(1);
  return rows[0];
}

/** An account's passkeys, oldest first. */
export async function listPasskeys(db: Db, accountId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** How many passkeys an account has. */
export async function countPasskeys(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.accountId, accountId));
  return Number(row?.n ?? 0);
}

/** A passkey by its credential id (whoever owns it), or undefined. */
export async function findPasskeyById(db: Db, id: string): Promise<PasskeyRow | undefined> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return rows[0];
}

export interface InsertPasskeyParams {
  id: string;
  accountId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
}

/**
 * Stores a new passkey. A credential id that exists already (for this account or another) is
 * never overwritten: the answer is then undefined.
 */
export async function insertPasskey(db: Db, p: InsertPasskeyParams): Promise<PasskeyRow | undefined> {
  const rows = await db.insert(passkeys).values(p).onConflictDoNothing({ target: passkeys.id }).returning();
  return rows[0];
}

export interface OwnedPasskeyParams {
  id: string;
  accountId: string;
}

/** Renames one of an account's passkeys; undefined when it is not theirs (or does not exist). */
export async function renamePasskey(
  db: Db,
  p: OwnedPasskeyParams & { name: string },
): Promise<PasskeyRow | undefined> {
  const rows = await db
    .update(passkeys)
    .set({ name: p.name })
    .where(and(eq(passkeys.id, p.id), eq(passkeys.accountId, p.accountId)))
    .returning();
  return rows[0];
}

/** Removes one of an account's passkeys; false when it is not theirs (or does not exist). */
export async function deletePasskey(db: Db, p: OwnedPasskeyParams): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, p.id), eq(passkeys.accountId, p.accountId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export interface RecordPasskeyUseParams {
  id: string;
  /** The counter the authenticator reported with this login. */
  counter: number;
  /** The counter read before verifying: the update applies only if nobody used the key meanwhile. */
  previousCounter: number;
  backedUp: boolean;
}

/**
 * Records a login with a passkey (counter, backup state, last use). Answers false when the stored
 * counter moved since it was read (two logins with one assertion racing each other).
 */
export async function recordPasskeyUse(db: Db, p: RecordPasskeyUseParams): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: p.counter, backedUp: p.backedUp, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, p.id), eq(passkeys.counter, p.previousCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}
