import { randomUUID } from 'node:crypto';
import { EMAIL_MAX_LENGTH } from '@common/limits';
import { passwordWeakness } from '@common/rules/password';
import type { Db } from '../../db/client';
import { enqueueEmail, type MailSettings } from '../../email/outbox';
import { consumeToken, issueToken, retireAccountTokens } from '../account-tokens';
import { latestVerifyTokenData } from '../account-tokens.queries';
import { hashPassword } from '../passwords';
import {
  accountLinks,
  isAddress,
  type LinkOutcome,
  normaliseEmail,
  storedReturnTo,
  underHourlyLimit,
} from './accounts.shared';
import {
  findAccountByEmail,
  findAccountById,
  insertAccount,
  markAccountVerified,
  setTermsAccepted,
} from './idp-accounts.queries';

/** The built-in issuer's sign-up: an account with a verified address, and the confirmation link. */

export interface SignupInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The terms-and-privacy checkbox ('on' when ticked). */
  acceptTerms?: string;
}

/** Sign-up without ticking the terms and privacy policy. */
export const TERMS_REQUIRED = 'Godkänn villkoren och integritetspolicyn för att bli medlem.';

/**
 * Sign-up. Answers the same for a new address and a taken one (nothing tells which addresses have
 * accounts): a new address gets an unconfirmed account and the 'Bekräfta din e-postadress' link;
 * a confirmed address's owner is told that someone tried, and nothing changes.
 *
 * A second sign-up for an address not confirmed yet means two people may have chosen a password
 * for it, and at most one of them holds the mailbox. So it retires the earlier links, and its own
 * link carries no password at all: following it confirms the address and then asks for a new
 * password (a reset link handed to that browser). Whoever signed up first (perhaps someone
 * pre-registering another's address) never gets a password onto the confirmed account.
 */
export async function signup(
  db: Db,
  mail: MailSettings,
  input: SignupInput,
  returnTo = '/',
): Promise<{ email: string } | { error: string }> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = normaliseEmail(input.email);
  if (!firstName || !lastName) return { error: 'Fyll i både förnamn och efternamn.' };
  if (firstName.length > 100 || lastName.length > 100) return { error: 'Namnet är för långt.' };
  if (!isAddress(email)) return { error: 'Ange en giltig e-postadress.' };
  if (input.acceptTerms !== 'on') return { error: TERMS_REQUIRED };
  const weakness = passwordWeakness(input.password, email);
  // Hash before looking the address up, so a taken address answers no faster.
  const passwordHash = await hashPassword(input.password);
  if (weakness) return { error: weakness };
  const links = accountLinks(mail.publicUrl);
  await db.transaction(async (tx) => {
    const existing = await findAccountByEmail(tx, email, true);
    if (existing?.emailVerifiedAt) {
      if (!(await underHourlyLimit(tx, 'signup-existing', email))) return;
      await enqueueEmail(tx, mail, {
        to: existing.email,
        template: 'signup-existing',
        props: { firstName: existing.firstName, loginUrl: links.login, resetUrl: links.forgot },
      });
      return;
    }
    if (!(await underHourlyLimit(tx, 'verify_email', email))) return;
    let accountId = existing?.id;
    let contested = false;
    if (!accountId) {
      accountId = randomUUID();
      const inserted = await insertAccount(tx, {
        id: accountId,
        email,
        passwordHash,
        firstName,
        lastName,
        termsAcceptedAt: new Date(),
      });
      // Another sign-up for the address won the race: it has its own link.
      if (!inserted) return;
    } else {
      // A new sign-up for an address never confirmed: this one's acceptance counts, earlier links
      // are retired, and the password is chosen only after the link proves the mailbox.
      await setTermsAccepted(tx, accountId);
      await retireAccountTokens(tx, accountId, 'verify_email');
      contested = true;
    }
    const token = await issueToken(tx, {
      kind: 'verify_email',
      email,
      accountId,
      // Following this link sets this sign-up's name, and its password only when it was the only one.
      data: {
        ...(contested
          ? { firstName, lastName, choosePassword: true }
          : { passwordHash, firstName, lastName }),
        ...(returnTo !== '/' ? { returnTo } : {}),
      },
    });
    await enqueueEmail(tx, mail, {
      to: email,
      template: 'verify-email',
      // No name: the address is not proven, and the name is the sign-up form's text (issue 28).
      props: { url: links.verify(token) },
    });
  });
  return { email };
}

/**
 * 'Skicka länken igen': a new confirmation link for an account that is not confirmed yet. Answers
 * nothing, whatever the address. The new link carries the name and password of the latest sign-up.
 */
export async function resendVerification(db: Db, mail: MailSettings, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail).slice(0, EMAIL_MAX_LENGTH);
  if (!isAddress(email)) return;
  await db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, email, true);
    if (!account || account.emailVerifiedAt) return;
    if (!(await underHourlyLimit(tx, 'verify_email', email))) return;
    const latest = await latestVerifyTokenData(tx, account.id);
    const token = await issueToken(tx, {
      kind: 'verify_email',
      email,
      accountId: account.id,
      data: (latest as Record<string, unknown> | undefined) ?? null,
    });
    await enqueueEmail(tx, mail, {
      to: email,
      template: 'verify-email',
      props: { url: accountLinks(mail.publicUrl).verify(token) },
    });
  });
}

/** A stored password hash no password matches (verifyPassword knows only `scrypt$…`). */
const NO_PASSWORD_HASH = 'none';

/**
 * Follows a confirmation link: the account's address counts as verified from now on, with the
 * name and password of the sign-up that sent the link. A link of a contested address (more than one
 * sign-up) carries no password: the account gets none, and `choosePasswordToken` is a fresh reset
 * link for this browser to choose one. Used, expired or unknown links change nothing.
 */
export async function verifyEmail(db: Db, token: string): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'verify_email', token);
    if ('problem' in used) return { ok: false, problem: used.problem };
    const { row } = used;
    const account = await findAccountById(tx, row.accountId!, true);
    // The account's address changed meanwhile, or it no longer exists: the link is for nothing.
    if (!account || account.email !== row.email) return { ok: false, problem: 'unknown' };
    const returnTo = storedReturnTo(row.data);
    if (account.emailVerifiedAt) return { ok: true, accountId: account.id, alreadyVerified: true, returnTo };
    const data = (row.data ?? {}) as {
      passwordHash?: string;
      firstName?: string;
      lastName?: string;
      choosePassword?: boolean;
    };
    await markAccountVerified(tx, account.id, {
      passwordHash: data.choosePassword ? NO_PASSWORD_HASH : data.passwordHash,
      firstName: data.firstName,
      lastName: data.lastName,
    });
    await retireAccountTokens(tx, account.id, 'verify_email');
    if (!data.choosePassword) return { ok: true, accountId: account.id, alreadyVerified: false, returnTo };
    const choosePasswordToken = await issueToken(tx, {
      kind: 'reset_password',
      email: account.email,
      accountId: account.id,
      data: returnTo !== '/' ? { returnTo } : null,
    });
    return { ok: true, accountId: account.id, alreadyVerified: false, choosePasswordToken, returnTo };
  });
}
