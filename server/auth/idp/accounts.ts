import { randomUUID } from 'node:crypto';
import { passwordWeakness } from '@common/rules/password';
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { accountTokens, idpAccounts, loginThrottle, outboundEmails, users } from '../../db/schema';
import { enqueueEmail, type MailSettings } from '../../email/outbox';
import {
  consumeToken,
  issueToken,
  retireAccountTokens,
  type TokenProblem,
  tokensSentSince,
} from '../account-tokens';
import { BUILTIN_ISSUER_KEY } from '../builtin-account';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../passwords';
import { endIssuerSessions, endUserSessions } from '../sessions';

/** The built-in issuer's accounts: sign-up with a verified address, login limits, password reset. */

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

type Account = typeof idpAccounts.$inferSelect;

// The outbox's own address check, so every address accepted here can be mailed.
const isAddress = (email: string) => email.length <= 320 && z.email().safeParse(email).success;
const HOUR_MS = 60 * 60 * 1000;

/** Failed passwords within an hour before an address has to wait, and how long it waits. */
export const LOGIN_FAILURES_BEFORE_WAIT = 10;
export const LOGIN_WAIT_MINUTES = 15;
/** E-mails of one kind to one address per hour (sign-up, resend, reset): no mail bombing through us. */
const EMAILS_PER_ADDRESS_PER_HOUR = 5;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The name to greet an account's owner with: only once its address is proven. Until then the name is
 * the sign-up form's text, and a mail to an unproven address carries no such text (issue 28).
 */
const provenName = (account: Account) => (account.emailVerifiedAt ? account.firstName : '');

async function accountByEmail(db: Db, email: string, lock = false): Promise<Account | undefined> {
  const q = db.select().from(idpAccounts).where(eq(idpAccounts.email, email)).limit(1);
  return (lock ? await q.for('update') : await q)[0];
}

/** Links in e-mails: absolute under PUBLIC_URL. */
export const accountLinks = (publicUrl: string) => ({
  verify: (token: string) => `${publicUrl}/idp/verify/${token}`,
  reset: (token: string) => `${publicUrl}/idp/reset/${token}`,
  forgot: `${publicUrl}/idp/forgot`,
  login: `${publicUrl}/api/login`,
});

export type LoginResult =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid' | 'wait' | 'unverified' };

/**
 * Checks e-mail and password. Takes as long whether or not the address exists. Failures are
 * counted per address (known or not); the 10th within an hour makes the address wait
 * LOGIN_WAIT_MINUTES and tells the owner by e-mail. An account whose address was never confirmed
 * cannot log in.
 */
export async function authenticate(
  db: Db,
  mail: MailSettings,
  rawEmail: string,
  password: string,
): Promise<LoginResult> {
  const email = normaliseEmail(rawEmail).slice(0, 320);
  const account = await accountByEmail(db, email);
  const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  const [throttle] = await db.select().from(loginThrottle).where(eq(loginThrottle.emailKey, email)).limit(1);
  if (throttle?.lockedUntil && throttle.lockedUntil.getTime() > Date.now())
    return { ok: false, reason: 'wait' };
  if (account && ok) {
    if (throttle) await db.delete(loginThrottle).where(eq(loginThrottle.emailKey, email));
    if (!account.emailVerifiedAt) return { ok: false, reason: 'unverified' };
    return { ok: true, accountId: account.id };
  }
  const waits = await countFailure(db, mail, email, account);
  return { ok: false, reason: waits ? 'wait' : 'invalid' };
}

/** Counts one failed password; answers true when this failure made the address wait. */
async function countFailure(db: Db, mail: MailSettings, email: string, account?: Account): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(loginThrottle)
      .values({ emailKey: email, failures: 1, windowStart: sql`now()` })
      .onConflictDoUpdate({
        target: loginThrottle.emailKey,
        set: {
          failures: sql`case when ${loginThrottle.windowStart} < now() - interval '1 hour' then 1 else ${loginThrottle.failures} + 1 end`,
          windowStart: sql`case when ${loginThrottle.windowStart} < now() - interval '1 hour' then now() else ${loginThrottle.windowStart} end`,
        },
      })
      .returning({ failures: loginThrottle.failures });
    if (row.failures < LOGIN_FAILURES_BEFORE_WAIT) return false;
    // A fresh window starts with the wait, so the next ten failures after it make it wait again.
    await tx
      .update(loginThrottle)
      .set({
        failures: 0,
        windowStart: sql`now()`,
        lockedUntil: sql`now() + make_interval(mins => ${LOGIN_WAIT_MINUTES})`,
      })
      .where(eq(loginThrottle.emailKey, email));
    if (account) {
      await enqueueEmail(tx, mail, {
        to: account.email,
        template: 'login-locked',
        props: {
          firstName: provenName(account),
          minutes: LOGIN_WAIT_MINUTES,
          resetUrl: accountLinks(mail.publicUrl).forgot,
        },
      });
    }
    return true;
  });
}

/**
 * Sign-up. Answers the same for a new address and a taken one (nothing tells which addresses have
 * accounts): a new address gets an unconfirmed account and the 'Bekräfta din e-postadress' link;
 * an address whose account is not confirmed yet gets a link that applies this sign-up's name and
 * password when followed; a confirmed address's owner is told that someone tried, and nothing changes.
 */
export async function signup(
  db: Db,
  mail: MailSettings,
  input: SignupInput,
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
    const existing = await accountByEmail(tx, email, true);
    if (existing?.emailVerifiedAt) {
      if (!(await underHourlyLimit(tx, 'signup-existing', email))) return;
      await enqueueEmail(tx, mail, {
        to: existing.email,
        template: 'signup-existing',
        props: { firstName: existing.firstName, loginUrl: links.login, resetUrl: links.forgot },
      });
      return;
    }
    let accountId = existing?.id;
    if (!accountId) {
      accountId = randomUUID();
      const inserted = await tx
        .insert(idpAccounts)
        .values({ id: accountId, email, passwordHash, firstName, lastName, termsAcceptedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: idpAccounts.id });
      // Another sign-up for the address won the race: it has its own link.
      if (!inserted[0]) return;
    } else {
      // A new sign-up for an address never confirmed: this one's acceptance counts.
      await tx.update(idpAccounts).set({ termsAcceptedAt: new Date() }).where(eq(idpAccounts.id, accountId));
    }
    if (!(await underHourlyLimit(tx, 'verify_email', email))) return;
    const token = await issueToken(tx, {
      kind: 'verify_email',
      email,
      accountId,
      // Following this link sets this sign-up's name and password (not an earlier one's).
      data: { passwordHash, firstName, lastName },
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

async function underHourlyLimit(
  db: Db,
  kind: 'verify_email' | 'reset_password' | 'signup-existing',
  email: string,
) {
  const since = new Date(Date.now() - HOUR_MS);
  if (kind !== 'signup-existing')
    return (await tokensSentSince(db, kind, email, since)) < EMAILS_PER_ADDRESS_PER_HOUR;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboundEmails)
    .where(
      and(
        eq(outboundEmails.template, 'signup-existing'),
        sql`lower(${outboundEmails.recipient}) = ${email}`,
        gt(outboundEmails.createdAt, since),
      ),
    );
  return (row?.n ?? 0) < EMAILS_PER_ADDRESS_PER_HOUR;
}

/**
 * 'Skicka länken igen': a new confirmation link for an account that is not confirmed yet. Answers
 * nothing, whatever the address. The new link carries the name and password of the latest sign-up.
 */
export async function resendVerification(db: Db, mail: MailSettings, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail).slice(0, 320);
  if (!isAddress(email)) return;
  await db.transaction(async (tx) => {
    const account = await accountByEmail(tx, email, true);
    if (!account || account.emailVerifiedAt) return;
    if (!(await underHourlyLimit(tx, 'verify_email', email))) return;
    const [latest] = await tx
      .select({ data: accountTokens.data })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.accountId, account.id),
          eq(accountTokens.kind, 'verify_email'),
          isNotNull(accountTokens.data),
        ),
      )
      .orderBy(desc(accountTokens.createdAt))
      .limit(1);
    const token = await issueToken(tx, {
      kind: 'verify_email',
      email,
      accountId: account.id,
      data: (latest?.data as Record<string, unknown> | undefined) ?? null,
    });
    await enqueueEmail(tx, mail, {
      to: email,
      template: 'verify-email',
      props: { url: accountLinks(mail.publicUrl).verify(token) },
    });
  });
}

export type LinkOutcome =
  | { ok: true; accountId: string; alreadyVerified: boolean }
  | { ok: false; problem: TokenProblem };

/**
 * Follows a confirmation link: the account's address counts as verified from now on, with the
 * name and password of the sign-up that sent the link. Used, expired or unknown links change nothing.
 */
export async function verifyEmail(db: Db, token: string): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, 'verify_email', token);
    if ('problem' in used) return { ok: false, problem: used.problem };
    const { row } = used;
    const [account] = await tx
      .select()
      .from(idpAccounts)
      .where(eq(idpAccounts.id, row.accountId!))
      .for('update');
    // The account's address changed meanwhile, or it no longer exists: the link is for nothing.
    if (!account || account.email !== row.email) return { ok: false, problem: 'unknown' };
    if (account.emailVerifiedAt) return { ok: true, accountId: account.id, alreadyVerified: true };
    const data = (row.data ?? {}) as { passwordHash?: string; firstName?: string; lastName?: string };
    await tx
      .update(idpAccounts)
      .set({
        emailVerifiedAt: sql`now()`,
        ...(data.passwordHash ? { passwordHash: data.passwordHash } : {}),
        ...(data.firstName ? { firstName: data.firstName } : {}),
        ...(data.lastName ? { lastName: data.lastName } : {}),
      })
      .where(eq(idpAccounts.id, account.id));
    await retireAccountTokens(tx, account.id, 'verify_email');
    return { ok: true, accountId: account.id, alreadyVerified: false };
  });
}

/**
 * 'Glömt lösenordet?': sends a reset link (1 hour, single use) to an address that has an account.
 * Answers nothing, whatever the address; an unknown address gets no e-mail.
 */
export async function requestPasswordReset(db: Db, mail: MailSettings, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail).slice(0, 320);
  if (!isAddress(email)) return;
  await db.transaction(async (tx) => {
    const account = await accountByEmail(tx, email, true);
    if (!account) return;
    if (!(await underHourlyLimit(tx, 'reset_password', email))) return;
    const token = await issueToken(tx, { kind: 'reset_password', email, accountId: account.id });
    await enqueueEmail(tx, mail, {
      to: email,
      template: 'password-reset',
      props: { firstName: provenName(account), url: accountLinks(mail.publicUrl).reset(token) },
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
    const [account] = await tx
      .select()
      .from(idpAccounts)
      .where(eq(idpAccounts.id, used.row.accountId!))
      .for('update');
    if (!account || account.email !== used.row.email)
      return { ok: false as const, problem: 'unknown' as const };
    await setPassword(tx, mail, account, passwordHash);
    return { ok: true as const, accountId: account.id, alreadyVerified: !!account.emailVerifiedAt };
  });
}

/** Stores a new password hash and does what a password change means: sessions end, links retire. */
export async function setPassword(
  tx: Db,
  mail: MailSettings,
  account: Account,
  passwordHash: string,
  keepSid?: string,
): Promise<void> {
  await tx
    .update(idpAccounts)
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      emailVerifiedAt: account.emailVerifiedAt ?? sql`now()`,
    })
    .where(eq(idpAccounts.id, account.id));
  await retireAccountTokens(tx, account.id, 'reset_password');
  await retireAccountTokens(tx, account.id, 'verify_email');
  await tx.delete(loginThrottle).where(eq(loginThrottle.emailKey, account.email));
  const members = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.oidcIssuer, BUILTIN_ISSUER_KEY), eq(users.oidcSubject, account.id)));
  for (const m of members) await endUserSessions(tx, m.id, keepSid);
  await endIssuerSessions(tx, account.id);
  await enqueueEmail(tx, mail, {
    to: account.email,
    template: 'password-changed',
    props: { firstName: account.firstName, resetUrl: accountLinks(mail.publicUrl).forgot },
  });
}

/** The account a reset or confirmation link is for (to show its address on the page), or why not. */
export async function accountForLink(db: Db, accountId: string): Promise<Account | undefined> {
  return (await db.select().from(idpAccounts).where(eq(idpAccounts.id, accountId)).limit(1))[0];
}
