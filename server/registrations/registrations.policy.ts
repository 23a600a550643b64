import { type Actor, canSeePrivateFields, isAdmin } from '../auth/auth.policy';

/** Dietary preferences and notes: admins and the registration's own member. */
export const canSeeRegistrationPrivate = (actor: Actor | null, registrationUserId: string): boolean =>
  canSeePrivateFields(actor, registrationUserId);

/** Payment status is set by admins. */
export const canSetPayment = (actor: Actor | null): boolean => isAdmin(actor);

/** A member's registration list: the member or an admin. */
export const canListUserRegistrations = (actor: Actor | null, userId: string): boolean =>
  canSeePrivateFields(actor, userId);
