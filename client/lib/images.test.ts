import { IMAGE_WIDTHS } from '@common/limits';
import { describe, expect, it } from 'vitest';
import { avatarSrc, imageSources, imageSrc, imageSrcSet, imageVariantUrl } from './images';

const id = '7f0c8a52-9a55-4f7e-9b6a-000000000001';

describe('image addresses', () => {
  it('builds a srcset of every width with its w descriptor', () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640, 960, 1280]);
    expect(imageSrcSet(id, 'avif')).toBe(
      [320, 640, 960, 1280].map((w) => `/api/images/${id}/w/${w}.avif ${w}w`).join(', '),
    );
    expect(imageSrcSet(id, 'webp').split(', ')[0]).toBe(`/api/images/${id}/w/320.webp 320w`);
  });

  it('stops at the first width that covers maxWidth, and always keeps the narrowest', () => {
    const widths = (max: number) => imageSrcSet(id, 'webp', max).match(/\d+w/g);
    expect(widths(500)).toEqual(['320w', '640w']);
    expect(widths(640)).toEqual(['320w', '640w']);
    expect(widths(641)).toEqual(['320w', '640w', '960w']);
    expect(widths(100)).toEqual(['320w']);
  });

  it('lists the AVIF source before the WebP one, each with the sizes', () => {
    const sources = imageSources(id, '(min-width: 48em) 50vw, 100vw');
    expect(sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(sources.every((s) => s.sizes === '(min-width: 48em) 50vw, 100vw')).toBe(true);
    expect(sources[1].srcSet).toBe(imageSrcSet(id, 'webp'));
  });

  it('escapes the id, and keeps external urls when there is no stored image', () => {
    expect(imageVariantUrl('a/b', 320, 'webp')).toBe('/api/images/a%2Fb/w/320.webp');
    expect(imageSrc(id)).toBe(`/api/images/${id}/original`);
    expect(imageSrc(null, undefined, 'https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
    expect(avatarSrc(id)).toBe(`/api/images/${id}/w/320.webp`);
    expect(avatarSrc(undefined, 'https://example.com/me.png')).toBe('https://example.com/me.png');
    expect(avatarSrc(null)).toBeUndefined();
  });
});
