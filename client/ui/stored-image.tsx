import { imageSources, originalImageUrl } from '@client/lib/images';
import { Image, type ImageProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

/** Props of StoredImage: Mantine's Image props (h, fit, radius …) and the img attributes below. */
export interface StoredImageProps
  extends ImageProps,
    Omit<ComponentPropsWithoutRef<'img'>, keyof ImageProps | 'src' | 'srcSet' | 'sizes' | 'loading'> {
  /** The stored image (GET /api/images/{id}/…). */
  imageId: string;
  alt: string;
  /** width and height attributes: the displayed aspect ratio, so the page does not move as it loads. */
  width: number;
  height: number;
  /** How wide the image is shown (the sources' sizes), e.g. "(min-width: 48em) 50vw, 100vw". */
  sizes: string;
  /** Above the fold: loaded at once with high priority instead of lazily. */
  priority?: boolean;
  /** The image's own width when known: no wider copies are listed. */
  maxWidth?: number;
}

/**
 * A stored image as a <picture>: AVIF and WebP copies in the widths of IMAGE_WIDTHS (the browser takes
 * the first type it decodes and the width `sizes` calls for), the original as the <img> fallback. Lazy
 * and decoded off the main thread unless `priority`. The <picture> is `display: contents`, so the
 * layout is the <img>'s (Mantine's Image) alone.
 */
export function StoredImage({ imageId, sizes, priority = false, maxWidth, ...img }: StoredImageProps) {
  return (
    <picture style={{ display: 'contents' }}>
      {imageSources(imageId, sizes, maxWidth).map((source) => (
        <source key={source.type} {...source} />
      ))}
      <Image
        src={originalImageUrl(imageId)}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        {...img}
      />
    </picture>
  );
}
