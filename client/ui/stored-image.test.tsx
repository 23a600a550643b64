import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StoredImage } from './stored-image';

afterEach(cleanup);

const id = '7f0c8a52-9a55-4f7e-9b6a-000000000001';

function renderImage(priority?: boolean) {
  render(
    <MantineProvider env="test">
      <StoredImage
        imageId={id}
        alt="Golfbana"
        sizes="100vw"
        width={400}
        height={170}
        h={170}
        priority={priority}
      />
    </MantineProvider>,
  );
  return screen.getByRole('img', { name: 'Golfbana' });
}

describe('StoredImage', () => {
  it('is a picture of AVIF and WebP sources with the original as a lazy, sized fallback', () => {
    const img = renderImage();
    const picture = img.parentElement;
    expect(picture?.tagName).toBe('PICTURE');
    const sources = [...(picture?.querySelectorAll('source') ?? [])];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0].getAttribute('srcset')).toContain(`/api/images/${id}/w/320.avif 320w`);
    expect(sources[1].getAttribute('sizes')).toBe('100vw');
    expect(img.getAttribute('src')).toBe(`/api/images/${id}/original`);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('170');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('loads at once with high priority above the fold', () => {
    const img = renderImage(true);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
