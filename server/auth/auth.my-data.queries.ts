import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountTokens, idpAccounts, idpModels, loginThrottle, passkeys } from '../db/schema';

/** Account deletion: the login waits kept under the member's address go. */
export async function eraseLoginWaitsOf(tx: Db, email: string): Promise<void> {
  await tx.delete(loginThrottle).where(sql`lower(${loginThrottle.emailKey}) = lower(${email})`);
}

/** Account deletion: the built-in issuer's account goes, with its sessions and grants, passkeys and links. */
export async function eraseIssuerAccount(tx: Db, accountId: string): Promise<void> {
  await tx.delete(idpModels).where(sql`(${idpModels.payload}->>'accountId') = ${accountId}`);
  await tx.delete(passkeys).where(eq(passkeys.accountId, accountId));
  await tx.delete(accountTokens).where(eq(accountTokens.accountId, accountId));
  await tx.delete(idpAccounts).where(eq(idpAccounts.id, accountId));
}

/** Account deletion: the member's links (e-mail change) go. */
export async function eraseUserTokens(tx: Db, userId: string): Promise<void> {
  await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
}
