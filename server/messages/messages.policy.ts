import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/** Registered or waitlisted for the event in question (or no registration). */
export type Participation = { status: 'registered' | 'waitlisted' } | undefined;

/** A member takes part in an event when registered or waitlisted for it. */
export const isParticipant = (participation: Participation): boolean =>
  participation?.status === 'registered' || participation?.status === 'waitlisted';

/** Read and write an event's group chat: its registered or waitlisted members, and admins. */
export const canUseGroupChat = (actor: Actor, participation: Participation): boolean =>
  isAdmin(actor) || isParticipant(participation);

/** A direct message goes to someone else. */
export const canMessage = (actor: Actor, receiverId: string): boolean => !isSelf(actor, receiverId);

/** A socket may only join the message stream of the member logged in on it. */
export const canJoinMessages = (actor: Actor, userId: string): boolean => isSelf(actor, userId);
