import { msg } from '@common/messages';
import sharp from 'sharp';
import { ValidationError } from '../errors';

/** A decompression bomb (a small file of huge dimensions) is refused before decoding. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Stored originals are at most this wide or high. */
export const IMAGE_MAX_DIMENSION = 2048;
export const THUMBNAIL_DIMENSION = 400;

const FORMATS = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
type Format = keyof typeof FORMATS;

export interface ProcessedImage {
  mimeType: string;
  original: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

function toValidationError(err: unknown): ValidationError {
  const text = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(text)) return new ValidationError(msg.imageTooManyPixels);
  return new ValidationError(msg.imageInvalid);
}

/**
 * Decides the type from the bytes (jpeg, png, gif, webp), then re-encodes the
 * image (which drops EXIF, GPS and every other metadata block) and makes a
 * thumbnail. Anything that is not a whole, reasonably sized image of those
 * types is a ValidationError, never a crash.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const opts = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  let pages = 1;
  try {
    const meta = await sharp(input, opts).metadata();
    format = meta.format;
    pages = meta.pages ?? 1;
  } catch (err) {
    throw toValidationError(err);
  }
  if (!format || !(format in FORMATS)) throw new ValidationError(msg.imageWrongType);
  const f = format as Format;
  const animated = pages > 1 && (f === 'gif' || f === 'webp');
  const encode = (size: number) => {
    let img = sharp(input, { ...opts, animated });
    if (!animated) img = img.rotate(); // apply EXIF orientation before the metadata goes
    img = img.resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
    switch (f) {
      case 'jpeg':
        return img.jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      case 'png':
        return img.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
      case 'gif':
        return img.gif().toBuffer({ resolveWithObject: true });
      case 'webp':
        return img.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
    }
  };
  try {
    const [original, thumbnail] = await Promise.all([
      encode(IMAGE_MAX_DIMENSION),
      encode(THUMBNAIL_DIMENSION),
    ]);
    return {
      mimeType: FORMATS[f],
      original: original.data,
      thumbnail: thumbnail.data,
      width: original.info.width,
      height: animated ? (original.info.pageHeight ?? original.info.height) : original.info.height,
    };
  } catch (err) {
    throw toValidationError(err);
  }
}
