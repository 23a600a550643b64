import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idpAccounts, outboundEmails, passkeys } from '../../db/schema';

/** An account of the built-in issuer (e-mail, password hash, name). */
export type IdpAccountRow = typeof idpAccounts.$inferSelect;

/** The account with this (normalised) address, locked FOR UPDATE when `lock`; or undefined. */
export async function findAccountByEmail(
  db: Db,
  email: string,
  lock = false,
): Promise<IdpAccountRow | undefined> {
  const q = db.select().from(idpAccounts).where(eq(idpAccounts.email, email)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}

/** The account with this id, locked FOR UPDATE when `lock`; or undefined. */
export async function findAccountById(db: Db, id: string, lock = false): Promise<IdpAccountRow | undefined> {
  const q = db.select().from(idpAccounts).where(eq(idpAccounts.id, id)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}

/** The account whose address this is, with whether it was proven; or undefined. Locked when `lock`. */
export async function findAccountHolder(db: Db, email: string, lock = false) {
  const q = db
    .select({ id: idpAccounts.id, verified: idpAccounts.emailVerifiedAt })
    .from(idpAccounts)
    .where(eq(idpAccounts.email, email))
    .limit(1);
  return (lock ? await q.for('update') : await q)[0];
}

/** Locks an account's row (FOR UPDATE) for the rest of the transaction. */
export async function lockAccount(tx: Db, id: string): Promise<void> {
  await tx.select({ id: idpAccounts.id }).from(idpAccounts).where(eq(idpAccounts.id, id)).for('update');
}

export type NewIdpAccount = Pick<
  typeof idpAccounts.$inferInsert,
  'id' | 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'termsAcceptedAt'
>;

/** Adds an account unless its address is taken; answers whether it was added. */
export async function insertAccount(db: Db, values: NewIdpAccount): Promise<boolean> {
  const inserted = await db
    .insert(idpAccounts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: idpAccounts.id });
  return inserted.length > 0;
}

/** Records that the terms were accepted now. */
export async function setTermsAccepted(db: Db, id: string): Promise<void> {
  await db.update(idpAccounts).set({ termsAcceptedAt: new Date() }).where(eq(idpAccounts.id, id));
}

/** Marks the address proven now, with the name and password hash given (each only when given). */
export async function markAccountVerified(
  db: Db,
  id: string,
  p: { passwordHash?: string; firstName?: string; lastName?: string },
): Promise<void> {
  await db
    .update(idpAccounts)
    .set({
      emailVerifiedAt: sql`now()`,
      ...(p.passwordHash ? { passwordHash: p.passwordHash } : {}),
      ...(p.firstName ? { firstName: p.firstName } : {}),
      ...(p.lastName ? { lastName: p.lastName } : {}),
    })
    .where(eq(idpAccounts.id, id));
}

/** Stores a new password hash (changed now); an unproven address counts as proven from now. */
export async function storeAccountPassword(
  tx: Db,
  account: IdpAccountRow,
  passwordHash: string,
): Promise<void> {
  await tx
    .update(idpAccounts)
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      emailVerifiedAt: account.emailVerifiedAt ?? sql`now()`,
    })
    .where(eq(idpAccounts.id, account.id));
}

/** Gives the address to the account (proven now, or when it was already). */
export async function setAccountEmail(tx: Db, id: string, email: string): Promise<void> {
  await tx
    .update(idpAccounts)
    .set({ email, emailVerifiedAt: sql`coalesce(${idpAccounts.emailVerifiedAt}, now())` })
    .where(eq(idpAccounts.id, id));
}

/** Deletes an account whose address was never proven (another member proved it). */
export async function deleteUnprovenAccount(tx: Db, id: string): Promise<void> {
  await tx.delete(idpAccounts).where(and(eq(idpAccounts.id, id), isNull(idpAccounts.emailVerifiedAt)));
}

/** Removes every passkey of an account; answers how many there were. */
export async function deleteAccountPasskeys(tx: Db, accountId: string): Promise<number> {
  const rows = await tx
    .delete(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .returning({ id: passkeys.id });
  return rows.length;
}

/** How many e-mails of a template went to an address since a time (the outbox's rows). */
export async function countEmailsSince(
  db: Db,
  template: string,
  email: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboundEmails)
    .where(
      and(
        eq(outboundEmails.template, template),
        sql`lower(${outboundEmails.recipient}) = ${email}`,
        gt(outboundEmails.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}
