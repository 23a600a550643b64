import { type Actor, canSeePrivateFields, isAdmin, isSelf } from '../auth/auth.policy';

/** Who may see a member's full record (e-mail, Stripe ids...): the member and admins. */
export const canSeeFullRecord = (actor: Actor, userId: string): boolean => canSeePrivateFields(actor, userId);

/** Who may edit a member's profile or avatar: the member and admins. */
export const canEditProfile = (actor: Actor, userId: string): boolean =>
  isSelf(actor, userId) || isAdmin(actor);

/** Whether an uploaded profile image may become this member's avatar: still pending, already theirs, or an admin sets it. */
export const canUseProfileImage = (actor: Actor, image: { entityId: string }, userId: string): boolean =>
  isAdmin(actor) || image.entityId === 'pending' || image.entityId === userId;
