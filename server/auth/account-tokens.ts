import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import {
  type AccountToken,
  type AccountTokenKind,
  findAccountToken,
  insertAccountToken,
  markAccountTokenUsed,
} from './account-tokens.queries';

// The token table's statements live in account-tokens.queries.ts; these are used with the links.
export {
  type AccountToken,
  type AccountTokenKind,
  pruneAccountRecords,
  retireAccountTokens,
  retireUserTokens,
  tokensSentSince,
} from './account-tokens.queries';

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
  await insertAccountToken(db, {
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
  const row = await markAccountTokenUsed(tx, kind, tokenHash);
  if (row) return { row };
  return { problem: await tokenProblem(tx, kind, tokenHash) };
}

/** Answers a token's row if it could be used now, without using it (pages that ask to confirm first). */
export async function peekToken(
  db: Db,
  kind: AccountTokenKind,
  token: string,
): Promise<{ row: AccountToken } | { problem: TokenProblem }> {
  const row = await findAccountToken(db, kind, hashToken(token));
  if (!row) return { problem: 'unknown' };
  if (row.usedAt) return { problem: 'used' };
  if (row.expiresAt.getTime() <= Date.now()) return { problem: 'expired' };
  return { row };
}

async function tokenProblem(db: Db, kind: AccountTokenKind, tokenHash: string): Promise<TokenProblem> {
  const row = await findAccountToken(db, kind, tokenHash);
  if (!row) return 'unknown';
  return row.usedAt ? 'used' : 'expired';
}

/** Messages for a link that cannot be used (Swedish). */
export const tokenProblemMessage: Record<TokenProblem, string> = {
  unknown: 'Länken är ogiltig. Kontrollera att du har kopierat hela länken, eller be om en ny.',
  used: 'Länken har redan använts. Inget har ändrats.',
  expired: 'Länken har gått ut. Be om en ny länk.',
};
