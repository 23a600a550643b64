import { createHash, randomUUID } from 'node:crypto';
import { passwordWeakness } from '@common/rules/password';
import { and, desc, eq, gt, inArray, isNotNull, like, or, sql, TransactionRollbackError } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { accountTokens, idpAccounts, loginThrottle, outboundEmails, passkeys, users } from '../../db/schema';
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

/** Sign-up without ticking the terms and privacy policy. */
export const TERMS_REQUIRED = 'Godkänn villkoren och integritetspolicyn för att bli medlem.';

type Account = typeof idpAccounts.$inferSelect;

// The outbox's own address check, so every address accepted here can be mailed.
const isAddress = (email: string) => email.length <= 320 && z.email().safeParse(email).success;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Failed passwords within an hour from one source (client address) before that source has to wait
 * for the address, and how long it waits. Another source (the owner at home) is not held up by it.
 */
export const LOGIN_FAILURES_BEFORE_WAIT = 10;
export const LOGIN_WAIT_MINUTES = 15;
/**
 * Failures within an hour for an address from all sources together before the address takes only
 * one password per few seconds: the wait after each further failure doubles from 1 s up to
 * LOGIN_SPACING_CAP_SECONDS. Many sources can slow an address down this much, never lock it out.
 */
export const LOGIN_FAILURES_BEFORE_SPACING = 20;
export const LOGIN_SPACING_CAP_SECONDS = 60;
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
  | { ok: false; reason: 'invalid' | 'wait' | 'slow' | 'unverified' };

const digest = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/**
 * Where failed passwords come from: the client address, an IPv6 address by its /64 (one
 * subscriber's network; it has all of them). With TRUST_PROXY the address the proxy reports.
 */
export function sourceOf(ip: string): string {
  const v4 = ip.match(/^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i);
  if (v4) return v4[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t]
    : h;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** login_throttle keys: the address over all sources, and the address from one source. */
const throttleKeys = (email: string, source: string) => ({
  all: email,
  source: `src:${digest(email)}:${digest(source)}`,
});
/** Every throttle row of an address (a new password or a reset lifts them all). */
const throttleRowsOf = (email: string) =>
  or(eq(loginThrottle.emailKey, email), like(loginThrottle.emailKey, `src:${digest(email)}:%`));

/**
 * Checks e-mail and password. Takes as long whether or not the address exists. Failures are
 * counted per address (known or not) and source: the 10th from one source within an hour makes
 * that source wait LOGIN_WAIT_MINUTES for the address (the owner is told), while the right password
 * from any other source still logs in. Failures from all sources together beyond
 * LOGIN_FAILURES_BEFORE_SPACING only space the attempts out (a few seconds, at most a minute), so
 * nobody can lock an account out by failing on purpose. An account whose address was never
 * confirmed cannot log in.
 */
export async function authenticate(
  db: Db,
  mail: MailSettings,
  rawEmail: string,
  password: string,
  clientIp = 'unknown',
): Promise<LoginResult> {
  const email = normaliseEmail(rawEmail).slice(0, 320);
  const keys = throttleKeys(email, sourceOf(clientIp));
  const account = await accountByEmail(db, email);
  const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  const throttles = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.emailKey, [keys.all, keys.source]));
  const waiting = (key: string) => {
    const until = throttles.find((r) => r.emailKey === key)?.lockedUntil;
    return !!until && until.getTime() > Date.now();
  };
  if (waiting(keys.source)) return { ok: false, reason: 'wait' };
  if (waiting(keys.all)) return { ok: false, reason: 'slow' };
  if (account && ok) {
    if (throttles.length > 0)
      await db.delete(loginThrottle).where(inArray(loginThrottle.emailKey, [keys.all, keys.source]));
    if (!account.emailVerifiedAt) return { ok: false, reason: 'unverified' };
    return { ok: true, accountId: account.id };
  }
  const waits = await countFailure(db, mail, email, keys, account);
  return { ok: false, reason: waits ? 'wait' : 'invalid' };
}

/** One more failure on a throttle row (a fresh window after an hour); answers the count. */
async function bump(tx: Db, key: string): Promise<number> {
  const [row] = await tx
    .insert(loginThrottle)
    .values({ emailKey: key, failures: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottle.emailKey,
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < now() - interval '1 hour' then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < now() - interval '1 hour' then now() else ${loginThrottle.windowStart} end`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row.failures;
}

/** Counts one failed password; answers true when this failure made the source wait. */
async function countFailure(
  db: Db,
  mail: MailSettings,
  email: string,
  keys: { all: string; source: string },
  account?: Account,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const all = await bump(tx, keys.all);
    if (all > LOGIN_FAILURES_BEFORE_SPACING) {
      const seconds = Math.min(
        2 ** Math.min(all - LOGIN_FAILURES_BEFORE_SPACING - 1, 16),
        LOGIN_SPACING_CAP_SECONDS,
      );
      await tx
        .update(loginThrottle)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(loginThrottle.emailKey, keys.all));
    }
    const fromSource = await bump(tx, keys.source);
    if (fromSource < LOGIN_FAILURES_BEFORE_WAIT) return false;
    // A fresh window starts with the wait, so the next ten failures after it make it wait again.
    await tx
      .update(loginThrottle)
      .set({
        failures: 0,
        windowStart: sql`now()`,
        lockedUntil: sql`now() + make_interval(mins => ${LOGIN_WAIT_MINUTES})`,
      })
      .where(eq(loginThrottle.emailKey, keys.source));
    // The owner is told once an hour, however many sources try.
    if (account && (await underHourlyLimit(tx, 'login-locked', email, 1))) {
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
    if (!(await underHourlyLimit(tx, 'verify_email', email))) return;
    let accountId = existing?.id;
    let contested = false;
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
      // A new sign-up for an address never confirmed: this one's acceptance counts, earlier links
      // are retired, and the password is chosen only after the link proves the mailbox.
      await tx.update(idpAccounts).set({ termsAcceptedAt: new Date() }).where(eq(idpAccounts.id, accountId));
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

async function underHourlyLimit(
  db: Db,
  kind: 'verify_email' | 'reset_password' | 'signup-existing' | 'login-locked',
  email: string,
  limit = EMAILS_PER_ADDRESS_PER_HOUR,
) {
  const since = new Date(Date.now() - HOUR_MS);
  if (kind === 'verify_email' || kind === 'reset_password')
    return (await tokensSentSince(db, kind, email, since)) < limit;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboundEmails)
    .where(
      and(
        eq(outboundEmails.template, kind),
        sql`lower(${outboundEmails.recipient}) = ${email}`,
        gt(outboundEmails.createdAt, since),
      ),
    );
  return (row?.n ?? 0) < limit;
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
  | {
      ok: true;
      accountId: string;
      alreadyVerified: boolean;
      choosePasswordToken?: string;
      /** Where the sign-up started ('/' when nowhere in particular). */
      returnTo: string;
    }
  | { ok: false; problem: TokenProblem };

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
    const [account] = await tx
      .select()
      .from(idpAccounts)
      .where(eq(idpAccounts.id, row.accountId!))
      .for('update');
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
    await tx
      .update(idpAccounts)
      .set({
        emailVerifiedAt: sql`now()`,
        ...(data.choosePassword
          ? { passwordHash: NO_PASSWORD_HASH }
          : data.passwordHash
            ? { passwordHash: data.passwordHash }
            : {}),
        ...(data.firstName ? { firstName: data.firstName } : {}),
        ...(data.lastName ? { lastName: data.lastName } : {}),
      })
      .where(eq(idpAccounts.id, account.id));
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

/**
 * 'Glömt lösenordet?': sends a reset link (1 hour, single use) to an address that has an account.
 * Answers nothing, whatever the address; an unknown address gets no e-mail. Does the same work for
 * every address, so the time of the answer tells nothing either: the link and the e-mail are made,
 * rendered and written in a savepoint that is kept only for an account under its hourly limit and
 * rolled back otherwise (a rolled-back savepoint's NOTIFY is dropped too).
 */
export async function requestPasswordReset(db: Db, mail: MailSettings, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail).slice(0, 320);
  if (!isAddress(email)) return;
  // Nothing about an unknown address is logged (capture mode logs every e-mail it keeps).
  const quiet: MailSettings = { ...mail, log: mail.log.child({}, { level: 'silent' }) };
  await db.transaction(async (tx) => {
    const account = await accountByEmail(tx, email);
    const send = (await underHourlyLimit(tx, 'reset_password', email)) && !!account;
    try {
      await tx.transaction(async (sp) => {
        const token = await issueToken(sp, { kind: 'reset_password', email, accountId: account?.id ?? null });
        await enqueueEmail(sp, send ? mail : quiet, {
          to: email,
          template: 'password-reset',
          props: {
            firstName: account ? provenName(account) : '',
            url: accountLinks(mail.publicUrl).reset(token),
          },
        });
        if (!send) sp.rollback();
      });
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    }
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
  await tx
    .update(idpAccounts)
    .set({
      passwordHash,
      passwordChangedAt: sql`now()`,
      emailVerifiedAt: account.emailVerifiedAt ?? sql`now()`,
    })
    .where(eq(idpAccounts.id, account.id));
  if (!keepSid) await retireAccountTokens(tx, account.id, 'reset_password');
  // A reset link proves the mailbox; a passkey may have been added by whoever held a session before it
  // (a hijacker with the password), so a reset removes every passkey: the owner adds theirs again.
  const passkeysRemoved = keepSid
    ? 0
    : (await tx.delete(passkeys).where(eq(passkeys.accountId, account.id)).returning({ id: passkeys.id }))
        .length;
  await retireAccountTokens(tx, account.id, 'verify_email');
  await tx.delete(loginThrottle).where(throttleRowsOf(account.email));
  const members = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.oidcIssuer, BUILTIN_ISSUER_KEY), eq(users.oidcSubject, account.id)));
  for (const m of members) await endUserSessions(tx, m.id, keepSid);
  await endIssuerSessions(tx, account.id);
  await enqueueEmail(tx, mail, {
    to: account.email,
    template: 'password-changed',
    props: { firstName: account.firstName, resetUrl: accountLinks(mail.publicUrl).forgot, passkeysRemoved },
  });
}

/** The account a reset or confirmation link is for (to show its address on the page), or why not. */
export async function accountForLink(db: Db, accountId: string): Promise<Account | undefined> {
  return (await db.select().from(idpAccounts).where(eq(idpAccounts.id, accountId)).limit(1))[0];
}
