import type { ImageEntityType } from '@common/options';
import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/**
 * Who may attach an image to an entity: event images are the admins'; a
 * profile image belongs to its member ('pending' until the member saves it).
 */
export function canAttachImage(actor: Actor | null, entityType: ImageEntityType, entityId: string): boolean {
  if (!actor) return false;
  if (entityType === 'event') return isAdmin(actor);
  return isAdmin(actor) || entityId === 'pending' || isSelf(actor, entityId);
}

/** Re-pointing an existing image: the same rule, and a profile image must be pending or the caller's own. */
export function canMoveImage(
  actor: Actor | null,
  image: { entityType: string; entityId: string },
  newEntityId: string,
): boolean {
  if (!actor) return false;
  if (image.entityType === 'event') return isAdmin(actor);
  if (image.entityType !== 'profile') return false;
  if (isAdmin(actor)) return true;
  return (image.entityId === 'pending' || isSelf(actor, image.entityId)) && isSelf(actor, newEntityId);
}
