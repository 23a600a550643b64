import { isPro } from '@common/rules/pro';
import type { AdminUser } from '@common/schemas/billing';
import type { UserRow } from '../auth/users.presenter';

/** A row of the admin's membership list. */
export function presentAdminUser(u: UserRow, now = new Date()): AdminUser {
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    role: u.role,
    membershipType: u.membershipType,
    subscriptionStatus: u.subscriptionStatus,
    isPro: isPro(u, now),
    createdAt: u.createdAt.toISOString(),
  };
}
