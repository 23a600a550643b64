import { and, desc, eq, gt, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';

export type AccountTokenKind = (typeof accountTokens.$inferSelect)['kind'];
export type AccountToken = typeof accountTokens.$inferSelect;
export type NewAccountToken = typeof accountTokens.$inferInsert;

/** Stores a link token (its hash). */
export async function insertAccountToken(db: Db, values: NewAccountToken): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/** Marks an unused, unexpired token used and answers its row; undefined when it cannot be used. */
export async function markAccountTokenUsed(
  tx: Db,
  kind: AccountTokenKind,
  tokenHash: string,
): Promise<AccountToken | undefined> {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** A token's row by its hash and kind, used or not; or undefined. */
export async function findAccountToken(
  db: Db,
  kind: AccountTokenKind,
  tokenHash: string,
): Promise<AccountToken | undefined> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.kind, kind)))
    .limit(1);
  return row;
}

/** Makes every open token of one kind for an account unusable (a newer link, or the job is done). */
export async function retireAccountTokens(tx: Db, accountId: string, kind: AccountTokenKind): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.accountId, accountId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)),
    );
}

/** The same for a site user's tokens (e-mail change links). */
export async function retireUserTokens(tx: Db, userId: string, kind: AccountTokenKind): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

/** How many tokens of a kind were sent to an address since a time (limits e-mails per address). */
export async function tokensSentSince(
  db: Db,
  kind: AccountTokenKind,
  email: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountTokens)
    .where(
      and(eq(accountTokens.kind, kind), eq(accountTokens.email, email), gt(accountTokens.createdAt, since)),
    );
  return row?.n ?? 0;
}

/**
 * The `change_email` tokens issued since a time by a member (`userId`) or to an address (`email`):
 * how many, and when the oldest was issued.
 */
export async function emailChangesSince(
  tx: Db,
  by: { userId: string } | { email: string },
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const where = 'userId' in by ? eq(accountTokens.userId, by.userId) : eq(accountTokens.email, by.email);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: min(accountTokens.createdAt) })
    .from(accountTokens)
    .where(and(eq(accountTokens.kind, 'change_email'), where, gt(accountTokens.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

/** The data of an account's latest confirmation link that carried any (the latest sign-up's). */
export async function latestVerifyTokenData(db: Db, accountId: string): Promise<unknown> {
  const [latest] = await db
    .select({ data: accountTokens.data })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.accountId, accountId),
        eq(accountTokens.kind, 'verify_email'),
        isNotNull(accountTokens.data),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return latest?.data;
}

/** Removes links expired for a week and login waits that are over (run hourly). */
export async function pruneAccountRecords(db: Db): Promise<void> {
  await db.delete(accountTokens).where(sql`${accountTokens.expiresAt} < now() - interval '7 days'`);
  await db.execute(
    sql`delete from login_throttle where window_start < now() - interval '1 hour' and (locked_until is null or locked_until < now())`,
  );
}
