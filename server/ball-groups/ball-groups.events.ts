/** A registered member's place when the groups were published. */
export interface PublishedPlacement {
  userId: string;
  groupId: number;
  groupName: string;
  teeTime: Date | null;
}

/** An admin published an event's ball groups (or published them again). */
export interface BallGroupsPublished {
  eventId: number;
  eventTitle: string;
  /** Every registered member in a group. */
  placements: PublishedPlacement[];
  /**
   * The answer of the subscriber that tells the members: how many it told now (a member whose group
   * and tee time are as last published is not told again). The admin's answer and the audit log show it.
   */
  told: { count: number };
}

/** What ball-groups tells the domains above it (issue 31; see server/domain-events/domain-events.ts). */
declare module '../domain-events/domain-events' {
  interface DomainEvents {
    /** Published in the transaction that sets the event's `ballGroupsPublishedAt`. */
    'ball-groups.published': BallGroupsPublished;
  }
}
