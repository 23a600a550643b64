import { type Actor, canSeePrivateFields, isAdmin, isSelf } from '../auth/auth.policy';

/** Who may see a member's full record (e-mail, Stripe ids...): the member and admins. */
export const canSeeFullRecord = (actor: Actor, userId: string): boolean => canSeePrivateFields(actor, userId);

/** Who may edit a member's profile or avatar: the member and admins. */
export const canEditProfile = (actor: Actor, userId: string): boolean =>
  isSelf(actor, userId) || isAdmin(actor);
