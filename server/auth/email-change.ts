import { msg } from '@common/messages';
import { advisoryXactLock } from '../db/advisory-lock';
import type { Db } from '../db/client';
import { enqueueEmail, type MailSettings } from '../email/outbox';
import { ConflictError, DomainError, ValidationError } from '../errors';
import {
  consumeToken,
  issueToken,
  retireUserTokens,
  type TokenProblem,
  tokenProblemMessage,
} from './account-tokens';
import { emailChangesSince } from './account-tokens.queries';
import { builtInAccountId } from './builtin-account';
import {
  deleteUnprovenAccount,
  findAccountByEmail,
  findAccountHolder,
  setAccountEmail,
} from './idp/idp-accounts.queries';
import type { UserRow } from './users.presenter';
import { emailTakenByOtherUser, lockUserById, setConfirmedEmail, setPendingEmail } from './users.queries';

/**
 * A member's new e-mail address takes effect only when its owner follows the link sent to it.
 * Until then the old address stays in force everywhere (login included), and its owner is told,
 * with a link that cancels the change.
 */

const HOUR_MS = 60 * 60 * 1000;
/** Address changes (each one e-mail to the new address, one to the old) per member, and per new address, per hour. */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** Too many changes of address within the hour, for this member or to this address (429, Retry-After). */
export class EmailChangeLimitError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(msg.emailChangeLimit, 429);
  }
}

export const emailChangeLinks = (publicUrl: string) => ({
  confirm: (token: string) => `${publicUrl}/email/confirm?token=${token}`,
  cancel: (token: string) => `${publicUrl}/email/cancel?token=${token}`,
});

const firstNameOf = (u: Pick<UserRow, 'firstName' | 'fullName'>) => u.firstName ?? u.fullName ?? 'medlem';

/**
 * The name and new address in a notice to the member's current address: only when that address is
 * verified. An unproven address may be anyone's, and the name and new address are the requester's text.
 */
const noticeTexts = (u: Pick<UserRow, 'firstName' | 'fullName' | 'emailVerifiedAt'>, newEmail: string) =>
  u.emailVerifiedAt ? { firstName: firstNameOf(u), newEmail } : { firstName: '', newEmail: null };

/** Seconds until the oldest counted change leaves the hour (at least 1). */
const secondsUntilFree = (oldest: Date | null) =>
  oldest ? Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - Date.now()) / 1000)) : 60;

/** Whether another account holds the address: a site member's address, or a confirmed issuer login. */
async function addressTaken(tx: Db, user: UserRow, newEmail: string): Promise<boolean> {
  if (await emailTakenByOtherUser(tx, newEmail, user.id)) return true;
  const accountId = builtInAccountId(user);
  const holder = await findAccountHolder(tx, newEmail);
  return !!holder && holder.id !== accountId && !!holder.verified;
}

/**
 * Starts a change of address (in the caller's transaction): the member's `pending_email`, a link to
 * the new address and a notice with a cancel link to the old one. Asking again re-sends; an earlier
 * link stops working.
 *
 * Neither a spam relay nor an address oracle (issue 28):
 * - at most EMAIL_CHANGES_PER_HOUR changes per member and per new address within an hour, else
 *   EmailChangeLimitError (429) and nothing is written or queued; serialised per member and per
 *   address (advisory locks, member first), so parallel requests cannot pass the limit together;
 * - the mail to the new address, which nobody has proven, carries no name (the template takes none);
 * - an address another account holds is answered exactly as a free one (same pending state, same
 *   notice to the old address): its holder gets 'email-in-use' instead of a link, and the change
 *   can never be confirmed (its token is stored but never sent).
 */
export async function requestEmailChange(
  tx: Db,
  mail: MailSettings,
  user: UserRow,
  rawNewEmail: string,
): Promise<void> {
  const newEmail = rawNewEmail.trim().toLowerCase();
  await advisoryXactLock(tx, `email-change-by:${user.id}`);
  await advisoryXactLock(tx, `email-change-to:${newEmail}`);
  const since = new Date(Date.now() - HOUR_MS);
  // The changes of the last hour, by the member or to the address: each is one `change_email` token
  // (issued for every change, also one whose address turned out to be taken).
  for (const by of [{ userId: user.id }, { email: newEmail }]) {
    const recent = await emailChangesSince(tx, by, since);
    if (recent.n >= EMAIL_CHANGES_PER_HOUR) throw new EmailChangeLimitError(secondsUntilFree(recent.oldest));
  }
  await retireUserTokens(tx, user.id, 'change_email');
  await retireUserTokens(tx, user.id, 'cancel_email_change');
  await setPendingEmail(tx, user.id, newEmail);
  const links = emailChangeLinks(mail.publicUrl);
  const confirm = await issueToken(tx, {
    kind: 'change_email',
    email: newEmail,
    userId: user.id,
  });
  if (await addressTaken(tx, user, newEmail)) {
    await enqueueEmail(tx, mail, { to: newEmail, template: 'email-in-use', props: {} });
  } else {
    await enqueueEmail(tx, mail, {
      to: newEmail,
      template: 'email-change-confirm',
      props: { newEmail, url: links.confirm(confirm) },
    });
  }
  if (user.email) {
    const cancel = await issueToken(tx, {
      kind: 'cancel_email_change',
      email: user.email,
      userId: user.id,
      data: { newEmail },
    });
    await enqueueEmail(tx, mail, {
      to: user.email,
      template: 'email-change-notice',
      props: { ...noticeTexts(user, newEmail), cancelUrl: links.cancel(cancel) },
    });
  }
}

export type EmailLinkResult = { message: string; email: string | null };

const problem = (p: TokenProblem): never => {
  throw new ValidationError(tokenProblemMessage[p]);
};

/**
 * Follows the link sent to the new address. The address takes effect at once on the site and as
 * the built-in issuer's login; an unconfirmed issuer account that had the address stops existing.
 * A link whose change was cancelled or replaced, or whose address another account has confirmed
 * meanwhile, changes nothing and says so.
 */
export async function confirmEmailChange(
  db: Db,
  mail: MailSettings,
  token: string,
): Promise<EmailLinkResult> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'change_email', token);
    if ('problem' in used) return problem(used.problem);
    const newEmail = used.row.email;
    const user = await lockUserById(tx, used.row.userId!);
    if (!user || user.pendingEmail !== newEmail) {
      throw new ValidationError('Ändringen har avbrutits eller ersatts av en nyare. Inget har ändrats.');
    }
    const takenOnSite = await emailTakenByOtherUser(tx, newEmail, user.id);
    const accountId = builtInAccountId(user);
    const issuerHolder = await findAccountByEmail(tx, newEmail);
    const takenAtIssuer = !!issuerHolder && issuerHolder.id !== accountId && !!issuerHolder.emailVerifiedAt;
    if (takenOnSite || takenAtIssuer) {
      throw new ConflictError(
        'Adressen har redan bekräftats av ett annat konto, så den kan inte bli din. Inget har ändrats.',
      );
    }
    if (issuerHolder && issuerHolder.id !== accountId) {
      // Someone signed up with the address but never confirmed it: that account stops existing.
      await deleteUnprovenAccount(tx, issuerHolder.id);
    }
    const oldEmail = user.email;
    await setConfirmedEmail(tx, user.id, newEmail);
    if (accountId) await setAccountEmail(tx, accountId, newEmail);
    await retireUserTokens(tx, user.id, 'cancel_email_change');
    if (oldEmail && oldEmail.toLowerCase() !== newEmail) {
      await enqueueEmail(tx, mail, {
        to: oldEmail,
        template: 'email-changed',
        props: noticeTexts(user, newEmail),
      });
    }
    return { message: `Klart! Din e-postadress är nu ${newEmail}.`, email: newEmail };
  });
}

/** Follows the cancel link sent to the old address: the pending change is dropped. */
export async function cancelEmailChangeByLink(db: Db, token: string): Promise<EmailLinkResult> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'cancel_email_change', token);
    if ('problem' in used) return problem(used.problem);
    const { newEmail } = (used.row.data ?? {}) as { newEmail?: string };
    const user = await lockUserById(tx, used.row.userId!);
    if (!user || !newEmail || user.pendingEmail !== newEmail) {
      return {
        message: 'Det finns ingen väntande ändring att avbryta. Din e-postadress är oförändrad.',
        email: user?.email ?? null,
      };
    }
    await cancelPending(tx, user.id);
    return {
      message: `Ändringen är avbruten. Din e-postadress är fortfarande ${user.email}.`,
      email: user.email,
    };
  });
}

/** Drops a member's pending change (the member's own 'Avbryt ändringen', or the cancel link). */
export async function cancelPending(tx: Db, userId: string): Promise<void> {
  await setPendingEmail(tx, userId, null);
  await retireUserTokens(tx, userId, 'change_email');
  await retireUserTokens(tx, userId, 'cancel_email_change');
}
