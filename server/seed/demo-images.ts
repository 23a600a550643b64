import sharp, { type Sharp } from 'sharp';
import type { Rng } from './random';

/** A generated picture, ready for the images table. */
export interface DemoImage {
  mimeType: string;
  original: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

const PROFILE_SIZE = 256;
const PROFILE_THUMB = 96;
const EVENT_WIDTH = 1200;
const EVENT_HEIGHT = 675;
const EVENT_THUMB_WIDTH = 400;
const EVENT_THUMB_HEIGHT = 225;

/** HSL (degrees, percent, percent) as #rrggbb; SVG renderers all read hex. */
function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** An abstract portrait (no text: fonts may be missing): a figure on a coloured background with a golf touch. */
export function profileSvg(rng: Rng): string {
  const hue = rng.int(0, 359);
  const bg1 = hsl(hue, rng.int(45, 70), rng.int(55, 70));
  const bg2 = hsl((hue + rng.int(20, 60)) % 360, rng.int(40, 65), rng.int(35, 50));
  const figure = hsl((hue + 180) % 360, rng.int(15, 35), rng.int(88, 96));
  const accent = hsl((hue + rng.pick([90, 150, 210])) % 360, 70, 50);
  const headgear = [
    '',
    // a cap with a peak
    `<path d="M84 92 Q128 40 172 92 Z" fill="${accent}"/><rect x="150" y="84" width="44" height="10" rx="5" fill="${accent}"/>`,
    // a visor
    `<rect x="82" y="78" width="92" height="12" rx="6" fill="${accent}"/><rect x="150" y="82" width="40" height="9" rx="4" fill="${accent}"/>`,
    // hair
    `<path d="M82 104 Q80 48 128 52 Q176 48 174 104 Q160 72 128 74 Q96 72 82 104 Z" fill="${bg2}" opacity="0.85"/>`,
  ][rng.int(0, 3)];
  const motif = [
    // a flag on a pin
    `<line x1="212" y1="30" x2="212" y2="96" stroke="#ffffff" stroke-width="4"/><path d="M214 30 L244 42 L214 54 Z" fill="${accent}"/>`,
    // a golf ball with a few dimples
    `<circle cx="214" cy="52" r="22" fill="#ffffff"/><circle cx="206" cy="46" r="2.5" fill="#d0d0d0"/><circle cx="218" cy="44" r="2.5" fill="#d0d0d0"/><circle cx="212" cy="56" r="2.5" fill="#d0d0d0"/><circle cx="224" cy="56" r="2.5" fill="#d0d0d0"/>`,
    // crossed clubs
    `<line x1="196" y1="28" x2="236" y2="96" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/><line x1="236" y1="28" x2="196" y2="96" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>`,
  ][rng.int(0, 2)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PROFILE_SIZE}" height="${PROFILE_SIZE}" viewBox="0 0 256 256">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
<rect width="256" height="256" fill="url(#bg)"/>
${motif}
<path d="M36 256 C36 184 78 158 128 158 C178 158 220 184 220 256 Z" fill="${figure}"/>
<circle cx="128" cy="104" r="44" fill="${figure}"/>
${headgear}
</svg>`;
}

/** A smooth ridge across the picture, as a closed path down to the bottom edge. */
function ridge(rng: Rng, baseY: number, amplitude: number): string {
  const steps = rng.int(3, 5);
  const dx = EVENT_WIDTH / steps;
  let d = `M0 ${baseY + (rng.next() - 0.5) * amplitude}`;
  for (let i = 1; i <= steps; i++) {
    const y = baseY + (rng.next() - 0.5) * amplitude;
    const cx = (i - 0.5) * dx;
    const cy = baseY + (rng.next() - 0.5) * amplitude * 2;
    d += ` Q${cx.toFixed(0)} ${cy.toFixed(0)} ${(i * dx).toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${d} L${EVENT_WIDTH} ${EVENT_HEIGHT} L0 ${EVENT_HEIGHT} Z`;
}

const SKIES = [
  ['#7ec8f2', '#d9f0fb'], // clear day
  ['#f6a35c', '#fde3b0'], // evening
  ['#5b7fc7', '#f3b7a4'], // dusk
  ['#9fb8c9', '#e6edf1'], // overcast
  ['#3fa0e0', '#bfe6ff'], // high summer
] as const;

/** A landscape for an event: sky, sun, clouds, green hills and a flag on the green. */
export function eventSvg(rng: Rng, opts: { sea?: boolean } = {}): string {
  const [skyTop, skyBottom] = rng.pick(SKIES);
  const greenHue = rng.int(85, 135);
  const far = hsl(greenHue, 25, 52);
  const mid = hsl(greenHue, 40, 40);
  const near = hsl(greenHue, 50, 34);
  const fairway = hsl(greenHue, 55, 48);
  const flag = rng.pick(['#e03131', '#f08c00', '#fcc419', '#1c7ed6', '#ae3ec9']);
  const sunX = rng.int(150, 1050);
  const sunY = rng.int(90, 200);
  const clouds = Array.from({ length: rng.int(2, 4) }, () => {
    const x = rng.int(60, 1100);
    const y = rng.int(50, 200);
    const w = rng.int(70, 140);
    return `<g fill="#ffffff" opacity="0.8"><ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w / 3.5}"/><ellipse cx="${x + w / 3}" cy="${y - w / 5}" rx="${w / 2}" ry="${w / 3.5}"/></g>`;
  }).join('');
  const sea = opts.sea ? `<rect x="0" y="330" width="${EVENT_WIDTH}" height="120" fill="#2f8fc4"/>` : '';
  const pinX = rng.int(620, 1000);
  const pinY = rng.int(470, 520);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${EVENT_WIDTH}" height="${EVENT_HEIGHT}" viewBox="0 0 ${EVENT_WIDTH} ${EVENT_HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>
<rect width="${EVENT_WIDTH}" height="${EVENT_HEIGHT}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${rng.int(40, 70)}" fill="#fff3bf" opacity="0.9"/>
${clouds}
${sea}
<path d="${ridge(rng, 360, 90)}" fill="${far}"/>
<path d="${ridge(rng, 440, 80)}" fill="${mid}"/>
<path d="${ridge(rng, 530, 60)}" fill="${near}"/>
<ellipse cx="${pinX}" cy="${pinY + 8}" rx="150" ry="34" fill="${fairway}"/>
<ellipse cx="${pinX}" cy="${pinY + 8}" rx="12" ry="5" fill="#1b1b1b"/>
<line x1="${pinX}" y1="${pinY + 6}" x2="${pinX}" y2="${pinY - 130}" stroke="#f8f9fa" stroke-width="5"/>
<path d="M${pinX + 2} ${pinY - 130} L${pinX + 72} ${pinY - 110} L${pinX + 2} ${pinY - 90} Z" fill="${flag}"/>
<circle cx="${pinX - 90}" cy="${pinY + 14}" r="6" fill="#ffffff"/>
</svg>`;
}

async function render(
  svg: string,
  format: 'webp' | 'jpeg',
  thumbWidth: number,
  thumbHeight: number,
): Promise<DemoImage> {
  const base = sharp(Buffer.from(svg));
  const encode = (img: Sharp) =>
    format === 'webp' ? img.webp({ quality: 82 }) : img.jpeg({ quality: 82, mozjpeg: true });
  const [original, thumbnail] = await Promise.all([
    encode(base.clone()).toBuffer({ resolveWithObject: true }),
    encode(base.clone().resize(thumbWidth, thumbHeight)).toBuffer(),
  ]);
  return {
    mimeType: format === 'webp' ? 'image/webp' : 'image/jpeg',
    original: original.data,
    thumbnail,
    width: original.info.width,
    height: original.info.height,
  };
}

/** A 256x256 webp portrait with a 96x96 thumbnail. */
export function renderProfileImage(svg: string): Promise<DemoImage> {
  return render(svg, 'webp', PROFILE_THUMB, PROFILE_THUMB);
}

/** A 1200x675 jpeg landscape with a 400x225 thumbnail. */
export function renderEventImage(svg: string): Promise<DemoImage> {
  return render(svg, 'jpeg', EVENT_THUMB_WIDTH, EVENT_THUMB_HEIGHT);
}
