import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { users } from '../db/schema';
import type { UserRow } from './users.presenter';

/** One member by id, or undefined. */
const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('sg_user_by_id'),
);

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await userById(db).execute({ id });
  return rows[0];
}

/** The member a login (issuer and subject) is linked to, or undefined. */
export async function findUserByLogin(tx: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
    .limit(1);
  return user;
}

/** The ids of the members a login is linked to. */
export async function findUserIdsByLogin(tx: Db, issuer: string, subject: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  return rows.map((r) => r.id);
}

const byAddress = (email: string) => sql`lower(${users.email}) = ${email}`;

/** A member with this address and no login yet (seeded members), locked FOR UPDATE; or undefined. */
export async function lockUnlinkedUserByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(byAddress(email), isNull(users.oidcSubject)))
    .limit(1)
    .for('update');
  return user;
}

/** Links a member without a login to one, the address proven; the row, or undefined if linked meanwhile. */
export async function linkUserLogin(
  tx: Db,
  user: UserRow,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ oidcIssuer: issuer, oidcSubject: subject, emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
    .where(and(eq(users.id, user.id), isNull(users.oidcSubject)))
    .returning();
  return row;
}

/** The member holding this address (any case), with whether it was proven, locked FOR UPDATE; or undefined. */
export async function lockEmailHolder(tx: Db, email: string) {
  const [holder] = await tx
    .select({ id: users.id, verified: users.emailVerifiedAt })
    .from(users)
    .where(byAddress(email))
    .limit(1)
    .for('update');
  return holder;
}

/** Whether a member other than `userId` has this address (any case). */
export async function emailTakenByOtherUser(tx: Db, email: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(byAddress(email), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Takes an unproven address from a member (it goes to whoever proves it). */
export async function clearUserEmail(tx: Db, userId: string): Promise<void> {
  await tx.update(users).set({ email: null, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type NewLoginUser = Pick<
  typeof users.$inferInsert,
  | 'email'
  | 'emailVerifiedAt'
  | 'firstName'
  | 'lastName'
  | 'fullName'
  | 'username'
  | 'oidcIssuer'
  | 'oidcSubject'
>;

/** Adds a member for a new login. */
export async function insertLoginUser(tx: Db, values: NewLoginUser): Promise<UserRow> {
  const [user] = await tx.insert(users).values(values).returning();
  return user;
}

/** Marks a member's address proven now. */
export async function markUserEmailVerified(tx: Db, userId: string): Promise<UserRow> {
  const [user] = await tx
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/** Makes a member an admin (unless already); the row, or undefined when it was already. */
export async function makeUserAdmin(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.id, userId), ne(users.role, 'admin')))
    .returning();
  return user;
}

/** A member's row locked FOR UPDATE, or undefined. */
export async function lockUserById(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/** Sets (or with null drops) a member's address waiting for confirmation. */
export async function setPendingEmail(tx: Db, userId: string, email: string | null): Promise<void> {
  await tx.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
}

/** Gives a member a new, proven address and drops the pending one. */
export async function setConfirmedEmail(tx: Db, userId: string, email: string): Promise<void> {
  await tx
    .update(users)
    .set({ email, emailVerifiedAt: new Date(), pendingEmail: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Members' first and last names by id (the member's data export names message partners). */
export async function findUserNames(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, ids));
}

/**
 * Account deletion: the member's row stays (payments, registrations and messages refer to it) with
 * nothing of the member left but the given name, hidden, no login, `deletedAt` set.
 */
export async function anonymiseUser(
  tx: Db,
  userId: string,
  p: { firstName: string; lastName: string; subscriptionStatus: UserRow['subscriptionStatus']; now: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      email: null,
      emailVerifiedAt: null,
      pendingEmail: null,
      username: null,
      firstName: p.firstName,
      lastName: p.lastName,
      fullName: `${p.firstName} ${p.lastName}`,
      profileImageUrl: null,
      profileImageId: null,
      membershipType: 'free',
      subscriptionStatus: p.subscriptionStatus,
      handicap: null,
      golfId: null,
      club: null,
      gender: null,
      age: null,
      birthDate: null,
      civilStatus: null,
      children: null,
      profession: null,
      dream: null,
      lifeCircumstance: null,
      location: null,
      interests: null,
      meetupInterests: [],
      lookingFor: [],
      hasGolfstarMembership: false,
      hasGolfamoreCard: false,
      oidcIssuer: null,
      oidcSubject: null,
      hiddenFromDirectory: true,
      whoCanMessage: 'nobody',
      deletedAt: p.now,
      updatedAt: p.now,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}
