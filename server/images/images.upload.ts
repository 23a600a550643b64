import { msg } from '@common/messages';
import type { FastifyRequest } from 'fastify';
import { PayloadTooLargeError, ValidationError } from '../errors';

/**
 * Reads an image upload (multipart) as it arrives: the text fields (our client sends them first), then the
 * file `image` (at most 3 MB, multipart's limit). `beforeFile` sees the fields before a byte of the file
 * is read, so a refused upload is refused without taking it in. The file is gathered chunk by chunk and
 * joined once; sharp needs it whole (a JPEG's or PNG's header and data are read more than once).
 */
export async function readUpload(
  request: FastifyRequest,
  check: {
    /** Whether the fields needed by `beforeFile` have arrived (fields sent after the file are checked later). */
    ready: (fields: Record<string, string>) => boolean;
    beforeFile: (fields: Record<string, string>) => void;
  },
): Promise<{ bytes: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new ValidationError(msg.imageMissing);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || bytes) {
          part.file.resume();
          continue;
        }
        try {
          // Fields sent after the file (other clients) are checked once the request is read.
          if (check.ready(fields)) check.beforeFile(fields);
        } catch (refusal) {
          part.file.resume(); // read and drop the rest, so the answer reaches the client
          throw refusal;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        bytes = Buffer.concat(chunks);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
      throw new PayloadTooLargeError(msg.imageTooLarge);
    if (code?.startsWith('FST_')) throw new ValidationError(msg.imageInvalid);
    throw err;
  }
  if (!bytes?.length) throw new ValidationError(msg.imageMissing);
  return { bytes, fields };
}
