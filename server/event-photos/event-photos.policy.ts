import { type Actor, isAdmin, isSelf } from '../auth/auth.policy';

/** A member's live registration as the photo rules see it. */
export interface PhotoParticipation {
  status: string;
  attendance: string | null;
}

/** A participant of an event: registered (not waitlisted or offered), or checked in. */
export const isPhotoParticipant = (p: PhotoParticipation | undefined): boolean =>
  !!p && (p.status === 'registered' || p.attendance === 'present');

/** Who sees an event's photos: its participants and admins. */
export const canSeeEventPhotos = (actor: Actor, participant: boolean): boolean =>
  participant || isAdmin(actor);

/** Why a member may not add a photo to an event now, or null when they may: participants, once it has started. */
export function photoUploadRefusal(
  participant: boolean,
  event: { startTime: Date },
  now: Date,
): 'notParticipant' | 'beforeStart' | null {
  if (!participant) return 'notParticipant';
  if (event.startTime.getTime() > now.getTime()) return 'beforeStart';
  return null;
}

/** Who may delete a photo: its uploader, and admins. */
export const canDeletePhoto = (actor: Actor, photo: { uploadedBy: string }): boolean =>
  isSelf(actor, photo.uploadedBy) || isAdmin(actor);

/** Anyone who sees a photo may report it, except its uploader. */
export const canReportPhoto = (actor: Actor, photo: { uploadedBy: string }): boolean =>
  !isSelf(actor, photo.uploadedBy);
