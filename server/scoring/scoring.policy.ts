import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/** What decides who sees a leaderboard. */
export interface LeaderboardFacts {
  /** The viewer is a participant (a live 'registered' registration). */
  participant: boolean;
  final: boolean;
  /** The event hides the leaderboard from participants until the results are final. */
  hidden: boolean;
}

/**
 * Who sees an event's leaderboard: admins always; participants while the round goes on unless the event
 * hides it until the prize-giving; every logged-in member once the results are final.
 */
export const canSeeLeaderboard = (viewer: Actor, f: LeaderboardFacts): boolean =>
  isAdmin(viewer) || f.final || (f.participant && !f.hidden);

/** Who may enter a player's scores: an admin, or a member of the player's published ball group. */
export const canEnterScoresFor = (
  actor: Actor,
  f: { published: boolean; actorGroupId: number | null; playerGroupId: number | null },
): boolean =>
  isAdmin(actor) ||
  (f.published && f.actorGroupId !== null && f.playerGroupId !== null && f.actorGroupId === f.playerGroupId);

/** Whether a score may change now: from the start until final; after final only by an admin. */
export function scoreLock(
  actor: Actor,
  f: { started: boolean; final: boolean },
): 'not_started' | 'final' | null {
  if (!f.started) return 'not_started';
  if (f.final && !isAdmin(actor)) return 'final';
  return null;
}

/**
 * Who sees a member's results history: the member and admins always; other members unless the member
 * hides from the members list ('Dölj mig i medlemslistan', their privacy setting) or a block separates them.
 */
export const canSeeResultsOf = (
  viewer: Actor,
  memberId: string,
  f: { hiddenFromDirectory: boolean; blocked: boolean },
): boolean => isSelf(viewer, memberId) || isAdmin(viewer) || (!f.hiddenFromDirectory && !f.blocked);
