import { type BrandMarkOptions, brandMarkShapes } from '@common/brand-mark';
import { createElement } from 'react';

/**
 * Singelgolf's logo mark (common/brand-mark.ts). Decorative: it stands next to the name 'Singelgolf',
 * which is what a link around both is called.
 */
export function BrandMark({ size, ...opts }: BrandMarkOptions & { size: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden
      focusable="false"
      style={{ flex: 'none', display: 'block' }}
    >
      {brandMarkShapes(opts).map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
    </svg>
  );
}
