import { describe, expect, it } from 'vitest';
import { isHeic } from './heic';
import { heicWithGps, smallJpeg } from './images.test-helpers';

/** An ISO-BMFF `ftyp` box with a major brand and compatible brands, then a little of the file. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  for (const [i, brand] of compatible.entries()) box.write(brand, 16 + 4 * i, 'latin1');
  return Buffer.concat([box, Buffer.alloc(32)]);
};

describe('isHeic: HEVC-coded HEIF, decided by the bytes', () => {
  it('knows the HEIC brands an iPhone or Android phone writes', async () => {
    expect(isHeic(await heicWithGps())).toBe(true);
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'])
      expect(isHeic(ftyp(brand)), brand).toBe(true);
    expect(isHeic(ftyp('mif1', 'mif1', 'heic'))).toBe(true);
    expect(isHeic(ftyp('msf1', 'hevc'))).toBe(true);
  });

  it('leaves AVIF, other containers and other images to sharp', async () => {
    expect(isHeic(ftyp('avif', 'mif1', 'avif'))).toBe(false);
    expect(isHeic(ftyp('mif1', 'mif1', 'avif', 'miaf'))).toBe(false); // HEIF, but AV1-coded
    expect(isHeic(ftyp('isom', 'mp41'))).toBe(false); // a video
    expect(isHeic(await smallJpeg())).toBe(false);
    expect(isHeic(Buffer.from('ftypheic'))).toBe(false); // too short to be a box
    expect(isHeic(Buffer.alloc(0))).toBe(false);
  });
});
