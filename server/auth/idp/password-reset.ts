import { EMAIL_MAX_LENGTH } from '@common/limits';
import { passwordWeakness } from '@common/rules/password';
import type { Db } from '../../db/client';
import { inSavepointKeptIf } from '../../db/savepoint';
import { enqueueEmail, type MailSettings } from '../../email/outbox';
import { consumeToken, issueToken, retireAccountTokens } from '../account-tokens';
import { BUILTIN_ISSUER_KEY } from '../builtin-account';
import { hashPassword } from '../passwords';
import { endIssuerSessions, endUserSessions } from '../sessions';
import { findUserIdsByLogin } from '../users.queries';
import {
  type Account,
  accountLinks,
  isAddress,
  type LinkOutcome,
  normaliseEmail,
  provenName,
  storedReturnTo,
  underHourlyLimit,
} from './accounts.shared';
import {
  deleteAccountPasskeys,
  findAccountByEmail,
  findAccountById,
  storeAccountPassword,
} from './idp-accounts.queries';
import { clearLoginWaits } from './login';

/** The built-in issuer's passwords: 'Glömt lösenordet?', the reset link, and what a new password means. */

/**
 * 'Glömt lösenordet?': sends a reset link (1 hour, single use) to an address that has an account.
 * Answers nothing, whatever the address; an unknown address gets no e-mail. Does the same work for
 * every address, so the time of the answer tells nothing either: the link and the e-mail are made,
 * rendered and written in a savepoint that is kept only for an account under its hourly limit and
 * rolled back otherwise (a rolled-back savepoint's NOTIFY is dropped too).
 */
export async function requestPasswordReset(db: Db, mail: MailSettings, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail).slice(0, EMAIL_MAX_LENGTH);
  if (!isAddress(email)) return;
  // Nothing about an unknown address is logged (capture mode logs every e-mail it keeps).
  const quiet: MailSettings = { ...mail, log: mail.log.child({}, { level: 'silent' }) };
  await db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, email);
    const send = (await underHourlyLimit(tx, 'reset_password', email)) && !!account;
    await inSavepointKeptIf(tx, async (sp) => {
      const token = await issueToken(sp, { kind: 'reset_password', email, accountId: account?.id ?? null });
      await enqueueEmail(sp, send ? mail : quiet, {
        to: email,
        template: 'password-reset',
        props: {
          firstName: account ? provenName(account) : '',
          url: accountLinks(mail.publicUrl).reset(token),
        },
      });
      return send;
    });
  });
}

/**
 * Sets a new password from a reset link. The link proves the address, so an unconfirmed account is
 * confirmed too. Every session of the member ends (site and issuer), the login wait is lifted, and
 * the owner gets a notice.
 */
export async function resetPassword(
  db: Db,
  mail: MailSettings,
  token: string,
  newPassword: string,
  email: string,
): Promise<LinkOutcome | { ok: false; error: string }> {
  const weakness = passwordWeakness(newPassword, email);
  if (weakness) return { ok: false, error: weakness };
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'reset_password', token);
    if ('problem' in used) return { ok: false as const, problem: used.problem };
    const account = await findAccountById(tx, used.row.accountId!, true);
    if (!account || account.email !== used.row.email)
      return { ok: false as const, problem: 'unknown' as const };
    await setPassword(tx, mail, account, passwordHash, { byLink: true });
    return {
      ok: true as const,
      accountId: account.id,
      alreadyVerified: !!account.emailVerifiedAt,
      returnTo: storedReturnTo(used.row.data),
    };
  });
}

/**
 * Stores a new password hash and does what a password change means: sessions end, login waits are
 * lifted, the owner is told. `by` says who changed it. A reset link proves the mailbox: every
 * session ends (site and issuer) and every other reset link retires. A change from a session (which
 * someone who stole the password can make) keeps that session and never retires reset links, so the
 * mailbox's owner can always take the account back. `account` must be locked (FOR UPDATE) in `tx`.
 */
export async function setPassword(
  tx: Db,
  mail: MailSettings,
  account: Account,
  passwordHash: string,
  by: { byLink: true } | { sessionId: string },
): Promise<void> {
  const keepSid = 'sessionId' in by ? by.sessionId : undefined;
  await storeAccountPassword(tx, account, passwordHash);
  if (!keepSid) await retireAccountTokens(tx, account.id, 'reset_password');
  // A reset link proves the mailbox; a passkey may have been added by whoever held a session before it
  // (a hijacker with the password), so a reset removes every passkey: the owner adds theirs again.
  const passkeysRemoved = keepSid ? 0 : await deleteAccountPasskeys(tx, account.id);
  await retireAccountTokens(tx, account.id, 'verify_email');
  await clearLoginWaits(tx, account.email);
  const memberIds = await findUserIdsByLogin(tx, BUILTIN_ISSUER_KEY, account.id);
  for (const id of memberIds) await endUserSessions(tx, id, keepSid);
  await endIssuerSessions(tx, account.id);
  await enqueueEmail(tx, mail, {
    to: account.email,
    template: 'password-changed',
    props: { firstName: account.firstName, resetUrl: accountLinks(mail.publicUrl).forgot, passkeysRemoved },
  });
}

/** The account a reset or confirmation link is for (to show its address on the page), or why not. */
export async function accountForLink(db: Db, accountId: string): Promise<Account | undefined> {
  return findAccountById(db, accountId);
}
