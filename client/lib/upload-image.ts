import type { ImageEntityType } from '@common/options';
import { type ImageInfo, imageSchema } from '@common/schemas/images';
import { apiErrorFrom, checkResponse } from './api';

/**
 * POST /api/images/upload (multipart: entityType, entityId, image — fields before the file).
 * Errors like every other call: an ApiError, logged with 'API Error:'; the answer is checked against
 * the shared schema in development.
 */
export async function uploadImage(
  file: File,
  entityType: ImageEntityType,
  entityId: string,
): Promise<ImageInfo> {
  const form = new FormData();
  form.append('entityType', entityType);
  form.append('entityId', entityId);
  form.append('image', file);
  const res = await fetch('/api/images/upload', { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw await apiErrorFrom(res, '/api/images/upload');
  return checkResponse('/api/images/upload', await res.json(), import.meta.env.DEV ? imageSchema : undefined);
}
