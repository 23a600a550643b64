import { isPro } from '@common/rules/pro';
import type { FullUser, PublicUser } from '@common/schemas/users';
import type { users } from '../db/schema';

/** A member's account row (the users table), as every domain reads it. */
export type UserRow = typeof users.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Fields any logged-in member may see of another: no e-mail, Stripe ids or login links, and neither
 * birth date nor Golf-ID (the Golf-ID is the birth date plus three digits and books rounds in the
 * member's name): those only in the member's own record and to admins (presentFullUser).
 */
export function presentPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: u.fullName,
    profileImageUrl: u.profileImageUrl,
    profileImageId: u.profileImageId,
    role: u.role,
    handicap: u.handicap,
    golfId: null,
    club: u.club,
    gender: u.gender,
    age: u.age,
    birthDate: null,
    civilStatus: u.civilStatus,
    children: u.children,
    profession: u.profession,
    dream: u.dream,
    lifeCircumstance: u.lifeCircumstance,
    location: u.location,
    interests: u.interests,
    meetupInterests: u.meetupInterests,
    lookingFor: u.lookingFor,
    hasGolfstarMembership: u.hasGolfstarMembership,
    hasGolfamoreCard: u.hasGolfamoreCard,
    createdAt: u.createdAt.toISOString(),
  };
}

/** A member's own record, or what an admin sees: everything but the login link. */
export function presentFullUser(u: UserRow, now = new Date()): FullUser {
  // Object.assign, not a spread followed by more keys: V8 builds that literal on a slow path (about 50 µs a
  // record on Node 20, a millisecond per directory page of 20 for admins; bench/privacy.bench.ts).
  return Object.assign(presentPublicUser(u), {
    golfId: u.golfId,
    birthDate: u.birthDate,
    email: u.email,
    emailVerified: !!u.emailVerifiedAt,
    pendingEmail: u.pendingEmail,
    membershipType: u.membershipType,
    stripeCustomerId: u.stripeCustomerId,
    stripeSubscriptionId: u.stripeSubscriptionId,
    subscriptionStatus: u.subscriptionStatus,
    subscriptionPeriodEnd: iso(u.subscriptionPeriodEnd),
    isPro: isPro(u, now),
    updatedAt: u.updatedAt.toISOString(),
  });
}
