import type { EventPhoto } from '@common/schemas/event-photos';
import { SimpleGrid, UnstyledButton } from '@mantine/core';
import { PhotoPicture } from './photo-picture';

/** Thumbnails in a grid (two on a phone, up to four); each opens the viewer at that photo. */
export function PhotoGrid({ photos, onOpen }: { photos: EventPhoto[]; onOpen: (index: number) => void }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: 4 }}
      spacing="xs"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {photos.map((photo, i) => (
        <li key={photo.id}>
          <UnstyledButton
            onClick={() => onOpen(i)}
            aria-label={`Visa bild ${i + 1} av ${photos.length}: ${photo.altText}`}
            style={{
              display: 'block',
              width: '100%',
              aspectRatio: '1',
              overflow: 'hidden',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <PhotoPicture
              photo={photo}
              sizes="(min-width: 75em) 240px, (min-width: 48em) 30vw, 50vw"
              style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
            />
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}
