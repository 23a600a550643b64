import { EMAIL_MAX_LENGTH } from '@common/limits';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type TokenProblem, tokensSentSince } from '../account-tokens';
import { countEmailsSince, type IdpAccountRow } from './idp-accounts.queries';

// What the built-in issuer's sign-up, login and reset share: addresses, links, the e-mail limit.

/** An account of the built-in issuer. */
export type Account = IdpAccountRow;

/** What following a confirmation or reset link came to. */
export type LinkOutcome =
  | {
      ok: true;
      accountId: string;
      alreadyVerified: boolean;
      choosePasswordToken?: string;
      /** Where the sign-up started ('/' when nowhere in particular). */
      returnTo: string;
    }
  | { ok: false; problem: TokenProblem };

/**
 * Where the new member goes once the link is followed (issue 27: back to the event they came from). Kept
 * in the link's stored data, never in the link itself; read back only through `storedReturnTo`.
 */
type ReturnData = { returnTo?: string };

/** The same-site path a link's data carries, or '/' (the value is checked again where it is used). */
export const storedReturnTo = (data: unknown): string => {
  const value = (data as ReturnData | null)?.returnTo;
  return typeof value === 'string' && value.startsWith('/') ? value : '/';
};

// The outbox's own address check, so every address accepted here can be mailed.
export const isAddress = (email: string) =>
  email.length <= EMAIL_MAX_LENGTH && z.email().safeParse(email).success;
export const HOUR_MS = 60 * 60 * 1000;

/** E-mails of one kind to one address per hour (sign-up, resend, reset): no mail bombing through us. */
const EMAILS_PER_ADDRESS_PER_HOUR = 5;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The name to greet an account's owner with: only once its address is proven. Until then the name is
 * the sign-up form's text, and a mail to an unproven address carries no such text (issue 28).
 */
export const provenName = (account: Account) => (account.emailVerifiedAt ? account.firstName : '');

/** Links in e-mails: absolute under PUBLIC_URL. */
export const accountLinks = (publicUrl: string) => ({
  verify: (token: string) => `${publicUrl}/idp/verify/${token}`,
  reset: (token: string) => `${publicUrl}/idp/reset/${token}`,
  forgot: `${publicUrl}/idp/forgot`,
  login: `${publicUrl}/api/login`,
});

/** Whether another e-mail of this kind may go to the address within the hour. */
export async function underHourlyLimit(
  db: Db,
  kind: 'verify_email' | 'reset_password' | 'signup-existing' | 'login-locked',
  email: string,
  limit = EMAILS_PER_ADDRESS_PER_HOUR,
) {
  const since = new Date(Date.now() - HOUR_MS);
  if (kind === 'verify_email' || kind === 'reset_password')
    return (await tokensSentSince(db, kind, email, since)) < limit;
  return (await countEmailsSince(db, kind, email, since)) < limit;
}
