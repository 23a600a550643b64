import { type Actor, isAdmin } from '../auth/auth.policy';

/** Generating, renaming, deleting ball groups and moving members: admins (decisions.md). */
export const canManageBallGroups = (actor: Actor | null): boolean => isAdmin(actor);
