import { createHash } from 'node:crypto';
import { EMAIL_MAX_LENGTH } from '@common/limits';
import type { Db } from '../../db/client';
import { enqueueEmail, type MailSettings } from '../../email/outbox';
import { DUMMY_HASH_PROMISE, verifyPassword } from '../passwords';
import { type Account, accountLinks, normaliseEmail, provenName, underHourlyLimit } from './accounts.shared';
import { findAccountByEmail } from './idp-accounts.queries';
import {
  bumpThrottle,
  deleteThrottleRowsOf,
  deleteThrottles,
  findThrottles,
  spaceThrottle,
  startThrottleWait,
} from './login-throttle.queries';

/** The built-in issuer's login: e-mail and password, with waits for guessed passwords. */

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

/** Lifts every login wait of an address (a new password or a reset). */
export async function clearLoginWaits(tx: Db, email: string): Promise<void> {
  await deleteThrottleRowsOf(tx, email, `src:${digest(email)}:`);
}

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
  const email = normaliseEmail(rawEmail).slice(0, EMAIL_MAX_LENGTH);
  const keys = throttleKeys(email, sourceOf(clientIp));
  const account = await findAccountByEmail(db, email);
  const ok = await verifyPassword(password, account?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  const throttles = await findThrottles(db, [keys.all, keys.source]);
  const waiting = (key: string) => {
    const until = throttles.find((r) => r.emailKey === key)?.lockedUntil;
    return !!until && until.getTime() > Date.now();
  };
  if (waiting(keys.source)) return { ok: false, reason: 'wait' };
  if (waiting(keys.all)) return { ok: false, reason: 'slow' };
  if (account && ok) {
    if (throttles.length > 0) await deleteThrottles(db, [keys.all, keys.source]);
    if (!account.emailVerifiedAt) return { ok: false, reason: 'unverified' };
    return { ok: true, accountId: account.id };
  }
  const waits = await countFailure(db, mail, email, keys, account);
  return { ok: false, reason: waits ? 'wait' : 'invalid' };
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
    const all = await bumpThrottle(tx, keys.all);
    if (all > LOGIN_FAILURES_BEFORE_SPACING) {
      const seconds = Math.min(
        2 ** Math.min(all - LOGIN_FAILURES_BEFORE_SPACING - 1, 16),
        LOGIN_SPACING_CAP_SECONDS,
      );
      await spaceThrottle(tx, keys.all, seconds);
    }
    const fromSource = await bumpThrottle(tx, keys.source);
    if (fromSource < LOGIN_FAILURES_BEFORE_WAIT) return false;
    // A fresh window starts with the wait, so the next ten failures after it make it wait again.
    await startThrottleWait(tx, keys.source, LOGIN_WAIT_MINUTES);
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
