import type { Db } from '../db/client';
import type { UserRow } from './users.presenter';
import {
  clearUserEmail,
  findUserByLogin,
  insertLoginUser,
  linkUserLogin,
  lockEmailHolder,
  lockUnlinkedUserByEmail,
  makeUserAdmin,
  markUserEmailVerified,
} from './users.queries';

/** What the issuer told us about the person logging in. */
export interface LoginClaims {
  /** The key the login is linked by: 'builtin' for the built-in issuer, else the issuer's URL. */
  issuer: string;
  subject: string;
  email?: string;
  /** The issuer says the address was proven (`email_verified: true`); nothing else is trusted. */
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * Finds or creates the member behind a login. Identity comes only from what the issuer proves:
 * - a login is the member linked to (issuer, subject), and nobody else, ever;
 * - once per member, a member with no login yet (seeded members) is linked when the issuer says
 *   the address is verified; a member who has a login is never re-linked by address;
 * - else a new member. An unverified address is kept but trusted for nothing, and gives way to
 *   someone who proves it later;
 * - ADMIN_EMAILS grants the admin role only to a verified address.
 */
export async function upsertLoginUser(db: Db, c: LoginClaims, adminEmails: string[]): Promise<UserRow> {
  const email = c.email?.trim().toLowerCase() || undefined;
  const verifiedEmail = c.emailVerified ? email : undefined;
  return db.transaction(async (tx) => {
    let user = await findUserByLogin(tx, c.issuer, c.subject);

    if (!user && verifiedEmail) {
      user = await lockUnlinkedUserByEmail(tx, verifiedEmail);
      // Undefined when another login linked the member meanwhile: then a new member below.
      if (user) user = await linkUserLogin(tx, user, c.issuer, c.subject);
    }

    if (!user) {
      let email_: string | null = email ?? null;
      if (email_) {
        const holder = await lockEmailHolder(tx, email_);
        if (holder && verifiedEmail && !holder.verified) {
          // Nobody ever proved the address for the member who holds it: it goes to its owner.
          await clearUserEmail(tx, holder.id);
        } else if (holder) {
          email_ = null;
        }
      }
      const firstName = c.firstName?.trim() || null;
      const lastName = c.lastName?.trim() || null;
      user = await insertLoginUser(tx, {
        email: email_,
        emailVerifiedAt: email_ && verifiedEmail ? new Date() : null,
        firstName,
        lastName,
        fullName: [firstName, lastName].filter(Boolean).join(' ') || null,
        username: email ? email.split('@')[0] : null,
        oidcIssuer: c.issuer,
        oidcSubject: c.subject,
      });
    } else if (verifiedEmail && !user.emailVerifiedAt && user.email?.toLowerCase() === verifiedEmail) {
      user = await markUserEmailVerified(tx, user.id);
    }

    const makeAdmin =
      !!verifiedEmail && adminEmails.includes(verifiedEmail) && user.email?.toLowerCase() === verifiedEmail;
    if (makeAdmin && user.role !== 'admin') {
      user = (await makeUserAdmin(tx, user.id)) as UserRow;
    }
    return user;
  });
}
