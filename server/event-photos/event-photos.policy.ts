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

/** What decides whether a member sees one photo (its image bytes), beside who they are. */
export interface PhotoViewFacts {
  uploadedBy: string;
  /** The viewer takes part in the photo's event (isPhotoParticipant). */
  participant: boolean;
  /** A block between the viewer and the uploader, either way. */
  blocked: boolean;
  /** The viewer reported the photo. */
  reported: boolean;
}

/**
 * Whether a viewer sees a shown photo's image: its uploader always ('Mina bilder', also after leaving the
 * event); admins always (the reports queue shows a reported photo); anyone else as the gallery does:
 * a participant of its event, no block with the uploader, not a photo they reported. Visitors never.
 */
export function canSeePhoto(viewer: Actor | null, facts: PhotoViewFacts): boolean {
  if (!viewer) return false;
  if (isSelf(viewer, facts.uploadedBy) || isAdmin(viewer)) return true;
  return facts.participant && !facts.blocked && !facts.reported;
}
