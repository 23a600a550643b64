import { type Actor, isAdmin } from '../auth/auth.policy';

/** Generating, renaming, deleting ball groups and moving members: admins (decisions.md). */
export const canManageBallGroups = (actor: Actor | null): boolean => isAdmin(actor);

/**
 * Seeing an event's ball groups: admins always; members once the groups are published (they are the
 * organiser's draft until then), never visitors.
 */
export const canSeeBallGroups = (
  actor: Actor | null,
  event: { ballGroupsPublishedAt: Date | null },
): boolean => isAdmin(actor) || (actor !== null && event.ballGroupsPublishedAt !== null);
