import type { ImageEntityType } from '@common/options';
import type { ImageInfo } from '@common/schemas/images';

/**
 * POST /api/images/upload (multipart: entityType, entityId, image — fields before the file).
 * Errors like every other call: "<status>: <text>", logged with 'API Error:'.
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
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    console.error('API Error:', '/api/images/upload', res.status, text);
    throw new Error(`${res.status}: ${text || res.statusText}`);
  }
  return (await res.json()) as ImageInfo;
}
