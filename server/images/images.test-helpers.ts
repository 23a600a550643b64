import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Db } from '../db/client';
import type { TestClient } from '../test/test-app';
import { insertImage } from './images.queries';

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

/**
 * A real 320×240 HEIC (HEVC) made by libheif's `heif-enc` from a JPEG carrying EXIF with a camera make
 * ('GolfKamera') and a GPS position: what an iPhone uploads (server/test/fixtures/README.md).
 */
export const heicWithGps = () => readFile(new URL('../test/fixtures/gps-photo.heic', import.meta.url));

/** A copy of a HEIC whose `ispe` box claims another size (the pixels stay 320×240): a bomb without the bytes. */
export function withHeicSize(heic: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(heic);
  const at = copy.indexOf('ispe');
  if (at < 0) throw new Error('no ispe box');
  copy.writeUInt32BE(width, at + 8); // after the type and the box's version and flags
  copy.writeUInt32BE(height, at + 12);
  return copy;
}

/** A photo-like JPEG of about 2.8 MB (4032×3024, gradients and grain, as a phone camera's). */
export async function phonePhoto(): Promise<Buffer> {
  const w = 4032;
  const h = 3024;
  const raw = Buffer.alloc(w * h * 3);
  let s = 12345;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = (s >> 16) % 48;
      const i = (y * w + x) * 3;
      raw[i] = ((x * 255) / w + n) & 255;
      raw[i + 1] = ((y * 255) / h + n) & 255;
      raw[i + 2] = (((x + y) % 256) + n) & 255;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** Stores an image row directly (as an upload at `createdAt` would have), for limits and clean-up. */
export async function storedImage(
  db: Db,
  p: {
    uploadedBy: string;
    entityType?: 'event' | 'profile' | 'event_photo';
    entityId?: string;
    createdAt?: Date;
  },
) {
  const bytes = Buffer.from('not decoded here');
  const meta = await insertImage(db, {
    originalData: bytes,
    thumbnailData: bytes,
    mimeType: 'image/jpeg',
    originalSize: bytes.length,
    thumbnailSize: bytes.length,
    width: 1,
    height: 1,
    entityType: p.entityType ?? 'profile',
    entityId: p.entityId ?? 'pending',
    uploadedBy: p.uploadedBy,
    createdAt: p.createdAt ?? new Date(),
  });
  return meta;
}
