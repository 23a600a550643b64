import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_GREEN, brandLinkHtml, brandMarkShapes, brandMarkSvg } from '../common/brand-mark';

const pub = path.resolve(import.meta.dirname, '../client/public');
const file = (name: string) => readFileSync(path.join(pub, name));

/** Width and height of a PNG (its IHDR chunk). */
const pngSize = (png: Buffer) => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};

describe('the logo mark and the icons (issue 26)', () => {
  it('draws a flag and a ball on a disc of the theme green; inverted, in green on white', () => {
    const plain = brandMarkShapes();
    expect(plain[0]).toEqual(['circle', { cx: '32', cy: '32', r: '32', fill: BRAND_GREEN }]);
    expect(plain.map(([tag]) => tag)).toEqual(['circle', 'ellipse', 'path', 'path', 'circle']);
    const inverted = brandMarkShapes({ inverted: true });
    expect(inverted[0]?.[1].fill).toBe('#fff');
    expect(inverted[2]?.[1].stroke).toBe(BRAND_GREEN);
    expect(brandMarkShapes({ square: true })[0]?.[0]).toBe('rect');
  });

  it('is decorative markup: hidden from assistive technology, the link named by its text', () => {
    const svg = brandMarkSvg({ size: 32 });
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">/,
    );
    expect(svg).toContain('stroke-width="3.5"');
    expect(brandLinkHtml()).toBe(`<a class="brand" href="/">${svg}<span>Singelgolf</span></a>`);
  });

  it('has committed icons made from the mark (npx tsx scripts/brand-icons.ts)', () => {
    expect(file('favicon.svg').toString()).toBe(`${brandMarkSvg()}\n`);

    // A real ICO: reserved 0, type 1 (icon), three images of 16, 32 and 48 px.
    const ico = file('favicon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((i) => ico.readUInt8(6 + 16 * i));
    expect(sizes.sort((a, b) => a - b)).toEqual([16, 32, 48]);

    expect(pngSize(file('apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
    expect(pngSize(file('icons/pwa-192.png'))).toEqual({ width: 192, height: 192 });
    expect(pngSize(file('icons/pwa-512.png'))).toEqual({ width: 512, height: 512 });
    expect(pngSize(file('icons/pwa-maskable-512.png'))).toEqual({ width: 512, height: 512 });
  });

  it("links the icons from the client's index.html", () => {
    const html = readFileSync(path.resolve(pub, '../index.html'), 'utf8');
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });
});
