import { msg } from '@common/messages';
import decode from 'heic-decode';
import { ValidationError } from '../errors';

/** ISO-BMFF brands of HEVC-coded HEIF: what iPhones (and some Android phones) write as .heic. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
/** Brands of any HEIF (AVIF too): HEVC only when a compatible brand says so. */
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1', 'mif2']);

/**
 * Whether the bytes are a HEVC-coded HEIF image, from the `ftyp` box at the start (never the file's
 * name or the browser's type): its major brand, or for the generic brands one of its compatible brands.
 */
export function isHeic(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 16 || buf.toString('latin1', 4, 8) !== 'ftyp') return false;
  const major = buf.toString('latin1', 8, 12);
  if (HEVC_BRANDS.has(major)) return true;
  if (!GENERIC_HEIF_BRANDS.has(major)) return false;
  const end = Math.min(buf.readUInt32BE(0), buf.length);
  for (let at = 16; at + 4 <= end; at += 4)
    if (HEVC_BRANDS.has(buf.toString('latin1', at, at + 4))) return true;
  return false;
}

/** A decoded HEIC: RGBA pixels for sharp's raw input. */
export interface HeicPixels {
  data: Buffer;
  width: number;
  height: number;
}

// One decode at a time per process: libheif's WebAssembly memory grows to the largest work it has held
// at once and never shrinks, so two 12 MP photos side by side would keep twice the memory for good.
let turn: Promise<unknown> = Promise.resolve();

/**
 * Decodes the primary image of a HEIC (sharp's prebuilt libvips has no HEVC decoder) with libheif in
 * WebAssembly. The size is read from the container before any pixel is decoded, so an image over
 * `maxPixels` is refused (`imageTooManyPixels`) without the work; a file that is not a whole HEIC is
 * `imageInvalid`. libheif applies the container's rotation and mirroring, so the pixels are upright.
 * The decode yields to the event loop as it goes (longest stall measured about 50 ms for 12 MP).
 */
export function decodeHeic(bytes: Buffer, maxPixels: number): Promise<HeicPixels> {
  const work = turn.then(() => decodeNow(bytes, maxPixels));
  turn = work.catch(() => undefined);
  return work;
}

async function decodeNow(bytes: Buffer, maxPixels: number): Promise<HeicPixels> {
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: bytes });
  } catch {
    throw new ValidationError(msg.imageInvalid);
  }
  try {
    const first = images[0];
    if (!first || first.width < 1 || first.height < 1) throw new ValidationError(msg.imageInvalid);
    if (first.width * first.height > maxPixels) throw new ValidationError(msg.imageTooManyPixels);
    const img = await first.decode();
    return {
      data: Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength),
      width: img.width,
      height: img.height,
    };
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError(msg.imageInvalid);
  } finally {
    images.dispose();
  }
}
