// The site's icons from its logo mark (common/brand-mark.ts; issue 26), written into client/public and
// committed: `npx tsx scripts/brand-icons.ts` after a change to the mark. Needs ImageMagick's `convert`
// for favicon.ico (PNG frames of 16, 32 and 48 px in one ICO file).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { brandMarkSvg } from '../common/brand-mark';

const pub = path.resolve(import.meta.dirname, '../client/public');

/** The mark as a PNG of `size` px, drawn at that size (not scaled down from a bigger bitmap). */
const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

const disc = brandMarkSvg();
const square = brandMarkSvg({ square: true });

writeFileSync(path.join(pub, 'favicon.svg'), `${disc}\n`);

const tmp = mkdtempSync(path.join(tmpdir(), 'sg-icons-'));
try {
  const frames = [];
  for (const size of [16, 32, 48]) {
    const file = path.join(tmp, `${size}.png`);
    writeFileSync(file, await png(disc, size));
    frames.push(file);
  }
  execFileSync('convert', [...frames, path.join(pub, 'favicon.ico')]);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// iOS rounds the corners itself and shows transparency as black: a full square.
writeFileSync(path.join(pub, 'apple-touch-icon.png'), await png(square, 180));
// The installed app's icons (vite.config.ts manifest): the disc, and the square for masks.
writeFileSync(path.join(pub, 'icons/pwa-192.png'), await png(disc, 192));
writeFileSync(path.join(pub, 'icons/pwa-512.png'), await png(disc, 512));
writeFileSync(path.join(pub, 'icons/pwa-maskable-512.png'), await png(square, 512));
console.log('favicon.svg, favicon.ico, apple-touch-icon.png and icons/pwa-*.png written to client/public');
