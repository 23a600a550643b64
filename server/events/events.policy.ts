import { type Actor, isAdmin } from '../auth/auth.policy';

/** Creating, editing and deleting events: admins. */
export const canEditEvent = (actor: Actor | null): boolean => isAdmin(actor);

/** Group chat of an event: registered or waitlisted members, and admins. */
export const canSeeEventChat = (actor: Actor | null, hasRegistration: boolean): boolean =>
  isAdmin(actor) || (!!actor && hasRegistration);
