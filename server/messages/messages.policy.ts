import { LIVE_REGISTRATION_STATUSES, type LiveRegistrationStatus } from '@common/options';
import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/** Registered or waitlisted for the event in question (or no registration). */
export type Participation = { status: LiveRegistrationStatus } | undefined;

/** A member takes part in an event when registered, offered a place or waitlisted for it (not cancelled). */
export const isParticipant = (participation: Participation): boolean =>
  !!participation && LIVE_REGISTRATION_STATUSES.includes(participation.status);

/** Read and write an event's group chat: its registered, offered or waitlisted members, and admins. */
export const canUseGroupChat = (actor: Actor, participation: Participation): boolean =>
  isAdmin(actor) || isParticipant(participation);

/** A direct message goes to someone else. */
export const canMessage = (actor: Actor, receiverId: string): boolean => !isSelf(actor, receiverId);

/** A socket may only join the message stream of the member logged in on it. */
export const canJoinMessages = (actor: Actor, userId: string): boolean => isSelf(actor, userId);
