import { imageSrc } from '@client/lib/images';
import { StoredImage } from '@client/ui/stored-image';
import type { Event } from '@common/schemas/events';
import { Center, Image } from '@mantine/core';
import { IconGolf } from '@tabler/icons-react';
import { useState } from 'react';

type ImageFields = Pick<Event, 'title' | 'imageId' | 'image' | 'imageUrl'>;

export interface EventImageProps {
  event: ImageFields;
  /** Displayed height in px. */
  height: number;
  /** Displayed width the image is laid out for (its width attribute; the CSS makes it fill its box). */
  width?: number;
  /** How wide it is shown (the sources' sizes); the whole viewport unless told. */
  sizes?: string;
  /** Above the fold (e.g. an event's own page): loaded at once with high priority. */
  priority?: boolean;
}

/**
 * An event's picture: the stored image as AVIF/WebP in the width the layout needs (StoredImage),
 * else the image or imageUrl field as given; a green placeholder when there is none or it fails to load.
 */
export function EventImage({ event, height, width = 400, sizes = '100vw', priority }: EventImageProps) {
  const src = imageSrc(event.imageId, event.image, event.imageUrl);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <Center
        h={height}
        bg="var(--mantine-primary-color-light)"
        c="var(--mantine-primary-color-filled)"
        role="img"
        aria-label={event.title}
      >
        <IconGolf size={56} stroke={1.4} />
      </Center>
    );
  }
  const common = { alt: event.title, h: height, width, height, fit: 'cover' as const };
  if (event.imageId) {
    return (
      <StoredImage
        imageId={event.imageId}
        sizes={sizes}
        priority={priority}
        onError={() => setFailedSrc(src)}
        {...common}
      />
    );
  }
  return (
    <Image
      src={src}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      {...common}
    />
  );
}
