import type { EventPhoto } from '@common/schemas/event-photos';
import type { CSSProperties } from 'react';

/** The srcset of one format from the photo's variants ("…/w/320.avif 320w, …"). */
function srcSet(photo: EventPhoto, format: 'avif' | 'webp'): string {
  return photo.variants
    .filter((v) => v.format === format)
    .map((v) => `${v.url} ${v.width}w`)
    .join(', ');
}

interface Props {
  photo: EventPhoto;
  /** How wide the photo is shown, e.g. "(min-width: 48em) 25vw, 50vw". */
  sizes: string;
  /** Lazy in the grid; the viewer's photo loads at once. */
  eager?: boolean;
  style?: CSSProperties;
}

/**
 * A trip photo as a <picture>: the pipeline's AVIF and WebP copies (the browser takes the first type it
 * decodes, at the width `sizes` asks for), the 400 px thumbnail as the <img> fallback, with its alt text.
 */
export function PhotoPicture({ photo, sizes, eager = false, style }: Props) {
  return (
    <picture style={{ display: 'contents' }}>
      <source type="image/avif" srcSet={srcSet(photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(photo, 'webp')} sizes={sizes} />
      <img
        src={eager ? photo.url : photo.thumbnailUrl}
        alt={photo.altText}
        width={photo.width}
        height={photo.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        style={style}
      />
    </picture>
  );
}
