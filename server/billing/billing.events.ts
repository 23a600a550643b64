import type { UserRow } from '../auth/users.presenter';

/** What a member's membership is at one moment: the facts a notice of its change needs. */
export type MembershipFacts = Pick<
  UserRow,
  'id' | 'membershipType' | 'subscriptionStatus' | 'subscriptionPeriodEnd'
>;

/** The membership facts of a member's row (the payloads carry these, not the row). */
export const membershipFacts = (user: MembershipFacts): MembershipFacts => ({
  id: user.id,
  membershipType: user.membershipType,
  subscriptionStatus: user.subscriptionStatus,
  subscriptionPeriodEnd: user.subscriptionPeriodEnd,
});

/** What billing tells the domains above it (issue 31; see server/domain-events/domain-events.ts). */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /** The provider's subscription changed a member's row (Pro granted, cancelled, past due, ended). */
    'membership.changed': { before: MembershipFacts; after: MembershipFacts };
    /** A Pro invoice was paid: once per provider event, `providerEventId`. */
    'subscription.paid': { member: MembershipFacts; providerEventId: string };
  }
}
