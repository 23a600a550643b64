import { EVENT_PHOTOS_PER_MEMBER } from '@common/limits';
import { msg } from '@common/messages';
import type { Actor } from '../auth/auth.policy';
import { blocksHideMembersFrom } from '../blocks/blocks.policy';
import { findBlockedEitherWay } from '../blocks/blocks.queries';
import type { Db } from '../db/client';
import { authorize, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { findEvent } from '../events/events.queries';
import { deleteImagesById, markImageRemoved } from '../images/images.queries';
import { storeImage } from '../images/images.service';
import { findLiveRegistration } from '../registrations/registrations.queries';
import {
  canDeletePhoto,
  canSeeEventPhotos,
  canSeePhoto,
  isPhotoParticipant,
  photoUploadRefusal,
} from './event-photos.policy';
import {
  countMemberEventPhotos,
  findMemberPhotoImageIds,
  findShownPhoto,
  findShownPhotoByImage,
  insertEventPhoto,
  listEventPhotos,
  lockMemberPhotos,
  markPhotoRemoved,
  type PhotoWithImage,
} from './event-photos.queries';

/** The event and whether the actor takes part in it (registered or checked in); 404 for no such event. */
async function eventAndParticipation(db: Db, actor: Actor, eventId: number) {
  const event = await findEvent(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  const registration = await findLiveRegistration(db, eventId, actor.id);
  return { event, participant: isPhotoParticipant(registration) };
}

/** Throws unless the event exists (404) and the actor may see its photos (403); answers whether they take part. */
export async function requirePhotoViewer(
  db: Db,
  actor: Actor,
  eventId: number,
): Promise<{ participant: boolean }> {
  const { participant } = await eventAndParticipation(db, actor, eventId);
  authorize(canSeeEventPhotos(actor, participant), msg.photoForParticipants);
  return { participant };
}

/**
 * Throws unless the actor may add a photo to the event now: a participant (403), after the start (403),
 * under the per-member limit (409). Asked before a byte of the upload is read, and the limit once more
 * when the photo is stored.
 */
export async function checkPhotoUpload(
  db: Db,
  actor: Actor,
  eventId: number,
  now = new Date(),
): Promise<void> {
  const { event, participant } = await eventAndParticipation(db, actor, eventId);
  const refusal = photoUploadRefusal(participant, event, now);
  if (refusal === 'notParticipant') throw new ForbiddenError(msg.photoForParticipants);
  if (refusal === 'beforeStart') throw new ForbiddenError(msg.photoBeforeStart);
  if ((await countMemberEventPhotos(db, { eventId, userId: actor.id })) >= EVENT_PHOTOS_PER_MEMBER)
    throw new ConflictError(msg.photoLimit);
}

/**
 * Adds a trip photo: the image goes through the image pipeline (type from the bytes, re-encoded
 * without EXIF/GPS, thumbnail, the hour's upload limit, the fair queue), then the photo row is stored
 * under a per-member lock that counts again; over the limit, the stored image is deleted and 409.
 */
export async function addPhoto(
  db: Db,
  p: { actor: Actor; eventId: number; bytes: Buffer; altText: string; now?: Date },
): Promise<PhotoWithImage> {
  const now = p.now ?? new Date();
  await checkPhotoUpload(db, p.actor, p.eventId, now);
  const image = await storeImage(db, {
    bytes: p.bytes,
    entityType: 'event_photo',
    entityId: String(p.eventId),
    actor: p.actor,
  });
  const photoId = await db.transaction(async (tx) => {
    await lockMemberPhotos(tx, p.actor.id);
    if (
      (await countMemberEventPhotos(tx, { eventId: p.eventId, userId: p.actor.id })) >=
      EVENT_PHOTOS_PER_MEMBER
    )
      return null;
    const row = await insertEventPhoto(tx, {
      eventId: p.eventId,
      imageId: image.id,
      uploadedBy: p.actor.id,
      altText: p.altText,
      consentAt: now,
    });
    return row.id;
  });
  if (!photoId) {
    await deleteImagesById(db, [image.id]);
    throw new ConflictError(msg.photoLimit);
  }
  const photo = await findShownPhoto(db, photoId);
  if (!photo) throw new NotFoundError(msg.photoNotFound);
  return photo;
}

/**
 * An event's photos for a participant or admin: never those of a member a block separates from the
 * viewer (either way; admins see all, as everywhere), never those the viewer reported, never removed ones.
 */
export async function listPhotosFor(
  db: Db,
  actor: Actor,
  eventId: number,
  reportedByViewer: string[],
): Promise<PhotoWithImage[]> {
  const hiddenUploaders = blocksHideMembersFrom(actor) ? await findBlockedEitherWay(db, actor.id) : [];
  return listEventPhotos(db, { eventId, hiddenUploaders, hiddenPhotoIds: reportedByViewer });
}

/** Whether a member reported a photo (reports sit above this domain: the app hands in their query). */
export type PhotoReportedBy = (db: Db, reporterId: string, photoId: string) => Promise<boolean>;

/**
 * Whether a viewer may have a trip photo's image bytes (GET /api/images/{id}/…, asked by the image
 * routes for an `event_photo` image): false for an image of no shown photo, else the gallery's rules
 * for that one photo (canSeePhoto). The uploader and admins cost one query; other members up to four.
 */
export async function canSeePhotoImage(
  db: Db,
  viewer: Actor | null,
  imageId: string,
  reportedBy: PhotoReportedBy,
): Promise<boolean> {
  if (!viewer) return false;
  const photo = await findShownPhotoByImage(db, imageId);
  if (!photo) return false;
  const facts = { uploadedBy: photo.uploadedBy, participant: false, blocked: false, reported: false };
  if (canSeePhoto(viewer, facts)) return true; // the uploader, an admin
  facts.participant = isPhotoParticipant(await findLiveRegistration(db, photo.eventId, viewer.id));
  if (!facts.participant) return false;
  facts.blocked =
    blocksHideMembersFrom(viewer) && (await findBlockedEitherWay(db, viewer.id)).includes(photo.uploadedBy);
  if (facts.blocked) return false;
  facts.reported = await reportedBy(db, viewer.id, photo.id);
  return canSeePhoto(viewer, facts);
}

/** Deletes a photo (its image and every copy): its uploader or an admin; 404 for a photo of another event. */
export async function deletePhoto(db: Db, actor: Actor, eventId: number, photoId: string): Promise<void> {
  const photo = await findShownPhoto(db, photoId);
  if (!photo || photo.eventId !== eventId) throw new NotFoundError(msg.photoNotFound);
  if (!canDeletePhoto(actor, photo)) throw new ForbiddenError(msg.photoNotYours);
  await deleteImagesById(db, [photo.imageId]);
}

/**
 * A photo as a reporter can see it, or undefined (no such photo, removed, not a participant of its
 * event nor an admin, or a block between them): what the reports domain keeps a copy of.
 */
export async function findReportablePhoto(
  db: Db,
  reporter: Actor,
  photoId: string,
): Promise<(PhotoWithImage & { eventTitle: string }) | undefined> {
  const photo = await findShownPhoto(db, photoId);
  if (!photo) return undefined;
  const { event, participant } = await eventAndParticipation(db, reporter, photo.eventId);
  if (!canSeeEventPhotos(reporter, participant)) return undefined;
  if (
    blocksHideMembersFrom(reporter) &&
    (await findBlockedEitherWay(db, reporter.id)).includes(photo.uploadedBy)
  )
    return undefined;
  return { ...photo, eventTitle: event.title };
}

/** A moderator's 'Ta bort innehållet' on a photo: hidden for everyone, its image no longer served. */
export async function removeReportedPhoto(tx: Db, photoId: string, now: Date): Promise<void> {
  const photo = await markPhotoRemoved(tx, photoId, now);
  if (photo) await markImageRemoved(tx, photo.imageId, now);
}

/** Account deletion: the member's photos go, images and copies with them (inside the deletion's transaction). */
export async function eraseMemberPhotos(tx: Db, userId: string): Promise<void> {
  await deleteImagesById(tx, await findMemberPhotoImageIds(tx, userId));
}
