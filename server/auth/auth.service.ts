import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { UserRow } from '../members/members.presenter';

/** What the issuer told us about the person logging in. */
export interface LoginClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * Finds or creates the member behind a login: by (issuer, subject); else by a
 * verified e-mail (linking an existing member); else a new member. Addresses in
 * ADMIN_EMAILS get role admin.
 */
export async function upsertLoginUser(db: Db, c: LoginClaims, adminEmails: string[]): Promise<UserRow> {
  const email = c.email?.trim().toLowerCase();
  const makeAdmin = !!email && adminEmails.includes(email);
  return db.transaction(async (tx) => {
    let user = (
      await tx
        .select()
        .from(users)
        .where(and(eq(users.oidcIssuer, c.issuer), eq(users.oidcSubject, c.subject)))
        .limit(1)
    )[0];
    if (!user && email && c.emailVerified) {
      user = (await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1))[0];
      if (user) {
        [user] = await tx
          .update(users)
          .set({ oidcIssuer: c.issuer, oidcSubject: c.subject })
          .where(eq(users.id, user.id))
          .returning();
      }
    }
    if (!user) {
      // An unverified address that another member already has is not taken over.
      const taken =
        !!email &&
        (await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`)).length >
          0;
      const firstName = c.firstName?.trim() || null;
      const lastName = c.lastName?.trim() || null;
      [user] = await tx
        .insert(users)
        .values({
          email: taken ? null : (email ?? null),
          firstName,
          lastName,
          fullName: [firstName, lastName].filter(Boolean).join(' ') || null,
          username: email ? email.split('@')[0] : null,
          oidcIssuer: c.issuer,
          oidcSubject: c.subject,
        })
        .returning();
    }
    if (makeAdmin && user.role !== 'admin') {
      [user] = await tx
        .update(users)
        .set({ role: 'admin', updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
    }
    return user;
  });
}
