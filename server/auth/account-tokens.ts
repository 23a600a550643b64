import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens } from '../db/schema';

export type AccountTokenKind = (typeof accountTokens.$inferSelect)['kind'];
export type AccountToken = typeof accountTokens.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;

/** How long each kind of link is valid. */
export const TOKEN_TTL_MS: Record<AccountTokenKind, number> = {
  verify_email: 24 * HOUR_MS,
  reset_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
  cancel_email_change: 24 * HOUR_MS,
};

/** The stored form of a token: its SHA-256, so the table alone gives no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssueTokenParams {
  kind: AccountTokenKind;
  email: string;
  accountId?: string | null;
  userId?: string | null;
  data?: Record<string, unknown> | null;
}

/** Creates a single-use link token (32 random bytes, base64url) and stores its hash. */
export async function issueToken(db: Db, p: IssueTokenParams, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    kind: p.kind,
    tokenHash: hashToken(token),
    email: p.email,
    accountId: p.accountId ?? null,
    userId: p.userId ?? null,
    data: p.data ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[p.kind]),
  });
  return token;
}

export type TokenProblem = 'unknown' | 'used' | 'expired';

/**
 * Uses a token once: marks it used and answers its row, in the caller's transaction; or answers
 * why it cannot be used. Two requests with one token: exactly one gets the row.
 */
export async function consumeToken(
  tx: Db,
  kind: AccountTokenKind,
  token: string,
): Promise<{ row: AccountToken } | { problem: TokenProblem }> {
  const tokenHash = hashToken(token);
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
  if (row) return { row };
  return { problem: await tokenProblem(tx, kind, tokenHash) };
}

/** Answers a token's row if it could be used now, without using it (pages that ask to confirm first). */
export async function peekToken(
  db: Db,
  kind: AccountTokenKind,
  token: string,
): Promise<{ row: AccountToken } | { problem: TokenProblem }> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.kind, kind)))
    .limit(1);
  if (!row) return { problem: 'unknown' };
  if (row.usedAt) return { problem: 'used' };
  if (row.expiresAt.getTime() <= Date.now()) return { problem: 'expired' };
  return { row };
}

async function tokenProblem(db: Db, kind: AccountTokenKind, tokenHash: string): Promise<TokenProblem> {
  const [row] = await db
    .select({ usedAt: accountTokens.usedAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.kind, kind)))
    .limit(1);
  if (!row) return 'unknown';
  return row.usedAt ? 'used' : 'expired';
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

/** Messages for a link that cannot be used (Swedish). */
export const tokenProblemMessage: Record<TokenProblem, string> = {
  unknown: 'Länken är ogiltig. Kontrollera att du har kopierat hela länken, eller be om en ny.',
  used: 'Länken har redan använts. Inget har ändrats.',
  expired: 'Länken har gått ut. Be om en ny länk.',
};

/** Removes links expired for a week and login waits that are over (run hourly). */
export async function pruneAccountRecords(db: Db): Promise<void> {
  await db.delete(accountTokens).where(sql`${accountTokens.expiresAt} < now() - interval '7 days'`);
  await db.execute(
    sql`delete from login_throttle where window_start < now() - interval '1 hour' and (locked_until is null or locked_until < now())`,
  );
}
