import { IMAGE_VARIANT_FORMATS, IMAGE_WIDTHS } from '@common/limits';
import { displayName } from '@common/rules/display-name';
import type { EventPhoto } from '@common/schemas/event-photos';
import type { Actor } from '../auth/auth.policy';
import { canDeletePhoto, canReportPhoto } from './event-photos.policy';
import type { PhotoWithImage } from './event-photos.queries';

/** The pipeline's widths a photo has copies in: never wider than needed (the narrowest always). */
export function photoWidths(width: number): number[] {
  return IMAGE_WIDTHS.filter((_w, i) => i === 0 || IMAGE_WIDTHS[i - 1] < width);
}

/** A photo as its viewer sees it: image addresses, alt text, uploader's name, and what they may do. */
export function presentPhoto(p: PhotoWithImage, viewer: Actor): EventPhoto {
  const mine = p.uploadedBy === viewer.id;
  return {
    id: p.id,
    eventId: p.eventId,
    imageId: p.imageId,
    width: p.width,
    height: p.height,
    altText: p.altText,
    url: `/api/images/${p.imageId}/original`,
    thumbnailUrl: `/api/images/${p.imageId}/thumbnail`,
    variants: IMAGE_VARIANT_FORMATS.flatMap((format) =>
      photoWidths(p.width).map((width) => ({
        format,
        width,
        url: `/api/images/${p.imageId}/w/${width}.${format}`,
      })),
    ),
    uploader: p.uploaderDeleted
      ? null
      : {
          id: p.uploadedBy,
          name: displayName({
            firstName: p.uploaderFirst,
            lastName: p.uploaderLast,
            fullName: p.uploaderFull,
            username: p.uploaderUsername,
          }),
        },
    mine,
    createdAt: p.createdAt.toISOString(),
    abilities: { canDelete: canDeletePhoto(viewer, p), canReport: canReportPhoto(viewer, p) },
  };
}
