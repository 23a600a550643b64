import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestClient } from '../test/test-app';

/** A multipart/form-data body with text fields first, then the file `image`. */
export function multipart(
  fields: Record<string, string>,
  file?: { data: Buffer; name?: string; type?: string },
) {
  const boundary = `----sg${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name ?? 'bild.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/images/upload as a client. */
export function uploadImage(c: TestClient, fields: Record<string, string>, data?: Buffer) {
  const m = multipart(fields, data ? { data } : undefined);
  return c.post('/api/images/upload', m.body, m.headers);
}

/** A small real JPEG. */
export const smallJpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2f7d32' } })
    .jpeg()
    .toBuffer();
