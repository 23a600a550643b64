import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from './users.presenter';

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

const byAddress = (email: string) => sql`lower(${users.email}) = ${email}`;

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
    let [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, c.issuer), eq(users.oidcSubject, c.subject)))
      .limit(1);

    if (!user && verifiedEmail) {
      [user] = await tx
        .select()
        .from(users)
        .where(and(byAddress(verifiedEmail), isNull(users.oidcSubject)))
        .limit(1)
        .for('update');
      if (user) {
        [user] = await tx
          .update(users)
          .set({
            oidcIssuer: c.issuer,
            oidcSubject: c.subject,
            emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
          })
          .where(and(eq(users.id, user.id), isNull(users.oidcSubject)))
          .returning();
      }
    }

    if (!user) {
      let email_: string | null = email ?? null;
      if (email_) {
        const [holder] = await tx
          .select({ id: users.id, verified: users.emailVerifiedAt })
          .from(users)
          .where(byAddress(email_))
          .limit(1)
          .for('update');
        if (holder && verifiedEmail && !holder.verified) {
          // Nobody ever proved the address for the member who holds it: it goes to its owner.
          await tx.update(users).set({ email: null, updatedAt: new Date() }).where(eq(users.id, holder.id));
        } else if (holder) {
          email_ = null;
        }
      }
      const firstName = c.firstName?.trim() || null;
      const lastName = c.lastName?.trim() || null;
      [user] = await tx
        .insert(users)
        .values({
          email: email_,
          emailVerifiedAt: email_ && verifiedEmail ? new Date() : null,
          firstName,
          lastName,
          fullName: [firstName, lastName].filter(Boolean).join(' ') || null,
          username: email ? email.split('@')[0] : null,
          oidcIssuer: c.issuer,
          oidcSubject: c.subject,
        })
        .returning();
    } else if (verifiedEmail && !user.emailVerifiedAt && user.email?.toLowerCase() === verifiedEmail) {
      [user] = await tx
        .update(users)
        .set({ emailVerifiedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
    }

    const makeAdmin =
      !!verifiedEmail && adminEmails.includes(verifiedEmail) && user.email?.toLowerCase() === verifiedEmail;
    if (makeAdmin && user.role !== 'admin') {
      [user] = await tx
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(and(eq(users.id, user.id), ne(users.role, 'admin')))
        .returning();
    }
    return user;
  });
}
