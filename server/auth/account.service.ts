import { passwordWeakness } from '@common/rules/password';
import type { ChangePasswordBody, SecurityInfo } from '@common/schemas/account';
import type { Db } from '../db/client';
import type { MailSettings } from '../email/outbox';
import { NotFoundError, ValidationError } from '../errors';
import { builtInAccountId } from './builtin-account';
import { findAccountById } from './idp/idp-accounts.queries';
import { setPassword } from './idp/password-reset';
import { hashPassword, verifyPassword } from './passwords';
import { endIssuerSessions, endUserSessions } from './sessions';
import type { UserRow } from './users.presenter';

const NO_PASSWORD = 'Ditt konto loggar in via en annan tjänst; lösenordet ändras där.';

/** What the member's login offers, for the profile's 'Säkerhet' section. */
export function securityInfo(user: UserRow): SecurityInfo {
  return {
    loginProvider: builtInAccountId(user) ? 'builtin' : 'external',
    email: user.email,
    emailVerified: !!user.emailVerifiedAt,
    pendingEmail: user.pendingEmail,
  };
}

/**
 * Changes the password of the member's built-in issuer account, after checking the current one.
 * The member's other sessions end (this one stays) and the owner gets a notice; pending reset links
 * stay valid (see setPassword).
 */
export async function changePassword(
  db: Db,
  mail: MailSettings,
  user: UserRow,
  body: ChangePasswordBody,
  currentSid: string,
): Promise<void> {
  const accountId = builtInAccountId(user);
  if (!accountId) throw new NotFoundError(NO_PASSWORD);
  const account = await findAccountById(db, accountId);
  if (!account) throw new NotFoundError(NO_PASSWORD);
  if (!(await verifyPassword(body.currentPassword, account.passwordHash))) {
    throw new ValidationError('Fel lösenord', { field: 'currentPassword' });
  }
  const weakness = passwordWeakness(body.newPassword, account.email);
  if (weakness) throw new ValidationError(weakness, { field: 'newPassword' });
  if (body.newPassword === body.currentPassword) {
    throw new ValidationError('Välj ett annat lösenord än det nuvarande.', { field: 'newPassword' });
  }
  const hash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    // The check above ran before this lock: a reset link (or another change) may have set another
    // password since. Then the current password is checked again against what is stored now, so a
    // change made with the old password never overwrites a reset (the reset link always wins).
    const locked = await findAccountById(tx, accountId, true);
    if (!locked) throw new NotFoundError(NO_PASSWORD);
    if (
      locked.passwordHash !== account.passwordHash &&
      !(await verifyPassword(body.currentPassword, locked.passwordHash))
    ) {
      throw new ValidationError('Fel lösenord', { field: 'currentPassword' });
    }
    await setPassword(tx, mail, locked, hash, { sessionId: currentSid });
  });
}

/** 'Logga ut överallt': every session of the member ends, this one too, and the issuer's. */
export async function logoutEverywhere(db: Db, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    await endUserSessions(tx, user.id);
    const accountId = builtInAccountId(user);
    if (accountId) await endIssuerSessions(tx, accountId);
  });
}
