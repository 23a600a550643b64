/**
 * Singelgolf's logo mark (issue 26), defined once: a flag on a green with a ball beside the hole, on a disc
 * of the site's green (theme.ts golf[8], the manifest's theme colour). The site's header and footer
 * (client/app/layout/brand-mark.tsx), the built-in issuer's pages and the icons (client/public/favicon.svg,
 * favicon.ico, apple-touch-icon.png and the app's icons, made by scripts/brand-icons.ts) all draw this.
 */
export const BRAND_GREEN = '#207a3b';
/** The green under the flag: golf[4] on the green disc, golf[2] on the white one. */
const TURF = { onGreen: '#5eb174', onWhite: '#afd8ba' } as const;

export interface BrandMarkOptions {
  /** A white disc with the flag in green: for the green header and footer. */
  inverted?: boolean;
  /** No disc, the flag on a full square of green: the apple-touch and maskable icons. */
  square?: boolean;
}

/** One SVG element of the mark: its tag and its attributes, named as React names them. */
export type BrandShape = readonly [
  tag: 'rect' | 'circle' | 'ellipse' | 'path',
  attrs: Record<string, string>,
];

/** The mark's shapes in a 64×64 view box, back to front. */
export function brandMarkShapes({ inverted = false, square = false }: BrandMarkOptions = {}): BrandShape[] {
  const ink = inverted ? BRAND_GREEN : '#fff';
  const turf = inverted ? TURF.onWhite : TURF.onGreen;
  const ball: Record<string, string> = inverted ? { stroke: BRAND_GREEN, strokeWidth: '2' } : {};
  // On a square the drawing keeps to the middle 80 % (a maskable icon's safe zone).
  const fit: Record<string, string> = square ? { transform: 'translate(6.4 6.4) scale(.8)' } : {};
  return [
    square
      ? ['rect', { width: '64', height: '64', fill: BRAND_GREEN }]
      : ['circle', { cx: '32', cy: '32', r: '32', fill: inverted ? '#fff' : BRAND_GREEN }],
    ['ellipse', { cx: '31', cy: '48', rx: '17', ry: '4.5', fill: turf, ...fit }],
    ['path', { d: 'M25 47.5V13', stroke: ink, strokeWidth: '3.5', strokeLinecap: 'round', ...fit }],
    [
      'path',
      {
        d: 'M26.5 12.5 45.5 20.5 26.5 28.5z',
        fill: ink,
        stroke: ink,
        strokeWidth: '1.5',
        strokeLinejoin: 'round',
        ...fit,
      },
    ],
    ['circle', { cx: '39.5', cy: '44', r: '4.5', fill: '#fff', ...ball, ...fit }],
  ];
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The mark as SVG markup, for pages without React (the issuer's) and the icon files. `size` in CSS px
 * (without it the SVG fills its box). Decorative next to the name 'Singelgolf': hidden from assistive
 * technology, so a link's accessible name is its text.
 */
export function brandMarkSvg(opts: BrandMarkOptions & { size?: number } = {}): string {
  const dims = opts.size ? ` width="${opts.size}" height="${opts.size}"` : '';
  const shapes = brandMarkShapes(opts)
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs).map(([k, v]) => ` ${kebab(k)}="${v}"`);
      return `<${tag}${list.join('')}/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"${dims} aria-hidden="true" focusable="false">${shapes}</svg>`;
}

/** The icons a page without the client's index.html links in its head (the issuer's pages). */
export const ICON_LINKS =
  '<link rel="icon" href="/favicon.ico" sizes="32x32"><link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">';

/** The brand link of a page without React (class `brand`): the mark and the name, named by its text. */
export const brandLinkHtml = (size = 32) =>
  `<a class="brand" href="/">${brandMarkSvg({ size })}<span>Singelgolf</span></a>`;
