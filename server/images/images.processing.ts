import { msg } from '@common/messages';
import sharp, { type Sharp } from 'sharp';
import { ValidationError } from '../errors';
import { decodeHeic, isHeic } from './heic';

/** A decompression bomb (a small file of huge dimensions) is refused before decoding. */
export const IMAGE_MAX_INPUT_PIXELS = 40_000_000;
/** Stored originals are at most this wide or high. */
export const IMAGE_MAX_DIMENSION = 2048;
export const THUMBNAIL_DIMENSION = 400;

// One libvips thread per image: images are processed a few at a time (images.queue.ts), and on a
// 2-core machine more threads per image only compete with the event loop for the same cores.
// (glibc builds default to 1 already; macOS and musl builds would take every core.)
sharp.concurrency(1);

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
 * Decides the type from the bytes (jpeg, png, gif, webp, and HEIC, which is decoded first: heic.ts), then
 * re-encodes the image (which drops EXIF, GPS and every other metadata block) and makes a thumbnail. A
 * HEIC becomes a JPEG. Anything that is not a whole, reasonably sized image of those types is a
 * ValidationError, never a crash. sharp works in libuv's threads, not on the event loop.
 *
 * Measured on the 2-core machine with a 3 MB 4032×3024 phone photo: the original re-encoded with
 * mozjpeg took about 970 ms of CPU, with plain libjpeg-turbo (Huffman-optimised) about 190 ms for a
 * file about 25 % larger (710 → 910 kB); the thumbnail was decoded a second time from the 12 MP
 * input. Now the original is encoded once without mozjpeg and the thumbnail is made from it
 * (a 2048 px JPEG decodes with shrink-on-load); only the small thumbnail keeps mozjpeg.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const opts = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' as const };
  if (isHeic(input)) {
    const heic = await decodeHeic(input, IMAGE_MAX_INPUT_PIXELS);
    const raw = { width: heic.width, height: heic.height, channels: 4 as const };
    // No metadata comes with raw pixels; a transparent part (rare in a photo) becomes white, as JPEG has no alpha.
    return reencode(sharp(heic.data, { ...opts, raw }).flatten({ background: '#ffffff' }), 'jpeg', false);
  }
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
  return reencode(sharp(input, { ...opts, animated }), f, animated);
}

/** The stored original (at most IMAGE_MAX_DIMENSION, upright, no metadata) and its thumbnail, in format `f`. */
async function reencode(source: Sharp, f: Format, animated: boolean): Promise<ProcessedImage> {
  const opts = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' as const };
  const encode = (img: Sharp, size: number, small: boolean) => {
    if (!animated) img = img.rotate(); // apply EXIF orientation before the metadata goes
    img = img.resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
    switch (f) {
      case 'jpeg':
        return img.jpeg({ quality: 85, mozjpeg: small }).toBuffer({ resolveWithObject: true });
      case 'png':
        return img.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
      case 'gif':
        return img.gif().toBuffer({ resolveWithObject: true });
      case 'webp':
        return img.webp({ quality: 85 }).toBuffer({ resolveWithObject: true });
    }
  };
  try {
    const original = await encode(source, IMAGE_MAX_DIMENSION, false);
    // From the re-encoded original: already upright and stripped, and far smaller to decode.
    const thumbnail = await encode(sharp(original.data, { ...opts, animated }), THUMBNAIL_DIMENSION, true);
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

/** A resized copy of a stored image: its bytes, what they are and the width they have. */
export interface ImageVariant {
  mimeType: string;
  data: Buffer;
  width: number;
}

/**
 * Makes the `width` px wide AVIF or WebP copy of a stored original (already upright and without
 * metadata, at most 2048 px), never wider than the original. An animated GIF or WebP stays animated
 * and is WebP whichever format was asked (sharp writes no animated AVIF; every browser that decodes
 * AVIF decodes animated WebP, and the bytes, not the URL, tell the browser what they are).
 *
 * AVIF's encoder is the slow part: a 1280 px photo took about 8 s of CPU at sharp's default effort (4)
 * on the 2-core machine, about 0.75 s at effort 2 for a file within a few per cent of the same size;
 * WebP about 0.25 s. Runs in the fair image queue (images.service.ts), never on the event loop.
 */
export async function makeImageVariant(
  original: Buffer,
  p: { width: number; format: 'avif' | 'webp' },
): Promise<ImageVariant> {
  const opts = { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' as const };
  const meta = await sharp(original, opts).metadata();
  const animated = (meta.pages ?? 1) > 1 && (meta.format === 'gif' || meta.format === 'webp');
  const img = sharp(original, { ...opts, animated }).resize({ width: p.width, withoutEnlargement: true });
  const avif = p.format === 'avif' && !animated;
  const out = avif
    ? await img.avif({ quality: 55, effort: 2 }).toBuffer({ resolveWithObject: true })
    : await img.webp({ quality: 80, effort: 4 }).toBuffer({ resolveWithObject: true });
  return { mimeType: avif ? 'image/avif' : 'image/webp', data: out.data, width: out.info.width };
}
