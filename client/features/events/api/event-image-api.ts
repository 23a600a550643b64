import { apiJson } from '@client/lib/api';
import { uploadImage } from '@client/lib/upload-image';
import { type ImageInfo, imageSchema } from '@common/schemas/images';

/** Uploads an event image (before the event exists, entityId is 'pending'). */
export const uploadEventImage = (file: File, entityId: string): Promise<ImageInfo> =>
  uploadImage(file, 'event', entityId);

/** PATCH /api/images/{imageId}/entity: links a new image to the event created after it. */
export function linkImageToEvent(imageId: string, eventId: number) {
  return apiJson<ImageInfo>(
    'PATCH',
    `/api/images/${imageId}/entity`,
    { entityId: String(eventId) },
    import.meta.env.DEV ? imageSchema : undefined,
  );
}
