import { imageSrc } from '@client/lib/images';
import type { Event } from '@common/schemas/events';
import { Center, Image } from '@mantine/core';
import { IconGolf } from '@tabler/icons-react';
import { useState } from 'react';

type ImageFields = Pick<Event, 'title' | 'imageId' | 'image' | 'imageUrl'>;

/**
 * An event's picture: the stored image (original size), else the image or
 * imageUrl field; a green placeholder when there is none or it fails to load.
 */
export function EventImage({ event, height }: { event: ImageFields; height: number | string }) {
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
  return (
    <Image
      src={src}
      alt={event.title}
      h={height}
      fit="cover"
      loading="lazy"
      onError={() => setFailedSrc(src)}
    />
  );
}
