import type { ImageEntityType } from '@common/options';
import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/** An image as the attach and view rules see it. */
export interface ImageOwnership {
  entityId: string;
  uploadedBy: string | null;
}

/**
 * Who may upload an image for an entity (and link one to it): event images are the
 * admins'; a profile image belongs to its member ('pending' until the member saves it).
 */
export function canAttachImage(actor: Actor | null, entityType: ImageEntityType, entityId: string): boolean {
  if (!actor) return false;
  if (entityType === 'event') return isAdmin(actor);
  return isAdmin(actor) || entityId === 'pending' || isSelf(actor, entityId);
}

/**
 * Why an image may not become an entity's image, or null when it may: it already
 * belongs to that entity, or it is pending and the actor uploaded it. Admins follow
 * the same rule, so nobody takes over someone else's upload or another entity's image.
 */
export function imageAttachRefusal(
  actor: Actor,
  image: ImageOwnership,
  entityId: string,
): 'notYours' | 'inUse' | null {
  if (image.entityId === entityId) return null;
  if (image.entityId !== 'pending') return 'inUse';
  return image.uploadedBy !== null && isSelf(actor, image.uploadedBy) ? null : 'notYours';
}

/**
 * Entity types whose images are not public: trip photos ('event_photo'), seen only under the gallery's
 * rules, which sit in a higher domain (server/event-photos/) and reach the image routes through the app.
 */
export const PRIVATE_IMAGE_ENTITY_TYPES = ['event_photo'] as const;
export type PrivateImageEntityType = (typeof PRIVATE_IMAGE_ENTITY_TYPES)[number];

/** Whether an image's entity type keeps its images private (isPrivateImageType narrows the type). */
export const isPrivateImageType = (entityType: string): entityType is PrivateImageEntityType =>
  (PRIVATE_IMAGE_ENTITY_TYPES as readonly string[]).includes(entityType);

/** Attached images of the public types are public (events, avatars); a pending one only its uploader sees. */
export function canViewImage(viewer: Actor | null, image: ImageOwnership): boolean {
  if (image.entityId !== 'pending') return true;
  return image.uploadedBy !== null && isSelf(viewer, image.uploadedBy);
}

/** Uploads a member may make in an hour: enough for any real use, not enough to fill the database. */
export const IMAGE_UPLOADS_PER_HOUR = { member: 30, admin: 200 } as const;

/** How many images the actor may upload within one hour (admins add event pictures in batches). */
export function uploadsPerHour(actor: Actor): number {
  return isAdmin(actor) ? IMAGE_UPLOADS_PER_HOUR.admin : IMAGE_UPLOADS_PER_HOUR.member;
}
