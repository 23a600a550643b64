import { IMAGE_TYPES } from '../limits';

/**
 * Whether a chosen file looks like an image the server takes, before it is sent (the server decides from
 * the bytes). A .heic or .heif file counts whatever its type says: Windows and some Android browsers give
 * it none, or `application/octet-stream`.
 */
export function isAcceptedImageFile(file: { type: string; name: string }): boolean {
  if ((IMAGE_TYPES as readonly string[]).includes(file.type)) return true;
  return (file.type === '' || file.type === 'application/octet-stream') && /\.hei[cf]$/i.test(file.name);
}
