import type { MembershipType } from '@common/options';
import type { AdminMembershipFilter } from '@common/schemas/billing';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { membershipChanges, users } from '../db/schema';

export interface AdminUsersParams {
  search?: string;
  membership: AdminMembershipFilter;
  limit: number;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Members for the admin's membership list: search by username, full name or e-mail; newest first. */
export async function listAdminUsers(db: Db, p: AdminUsersParams) {
  const where: SQL[] = [];
  if (p.membership !== 'all') where.push(eq(users.membershipType, p.membership));
  if (p.search) {
    const pattern = `%${likeEscape(p.search)}%`;
    where.push(
      or(ilike(users.username, pattern), ilike(users.fullName, pattern), ilike(users.email, pattern))!,
    );
  }
  return db
    .select()
    .from(users)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(p.limit);
}

export interface MembershipChangeParams {
  userId: string;
  changedBy: string;
  fromType: MembershipType;
  toType: MembershipType;
}

/** Records who changed a membership (the admin audit log). */
export async function insertMembershipChange(db: Db, p: MembershipChangeParams) {
  await db.insert(membershipChanges).values(p);
}
