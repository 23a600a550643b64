import { useClock } from '@client/lib/use-now';
import type { EventDetail } from '@common/schemas/events';
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Its own chunk: only participants and admins load the gallery (a visitor's page stays as it was).
const EventPhotoGallery = lazy(() =>
  import('./event-photo-gallery').then((m) => ({ default: m.EventPhotoGallery })),
);

const photosWord = (n: number) => (n === 1 ? '1 bild' : `${n} bilder`);

/**
 * 'Bilder' on the event page (issue 30): the gallery for its participants (registered or checked in)
 * and admins; everyone else sees how many photos there are, nothing more.
 */
export function EventPhotosSection({ event }: { event: EventDetail }) {
  const sees = event.myRegistration?.status === 'registered' || event.abilities.canEdit;
  const started = useClock((now) => Date.parse(event.startTime) <= now);
  if (!sees && event.photoCount === 0) return null;
  if (sees && !started && event.photoCount === 0) return null;
  return (
    <Stack component="section" aria-labelledby="event-photos-heading" gap="sm">
      <Title order={2} fz="lg" id="event-photos-heading">
        Bilder
      </Title>
      {sees ? (
        <Suspense
          fallback={
            <Center py="md">
              <Loader size="sm" aria-label="Laddar bilderna" />
            </Center>
          }
        >
          <EventPhotoGallery eventId={event.id} />
        </Suspense>
      ) : (
        <Text c="dimmed">{photosWord(event.photoCount)} från evenemanget. Bara deltagarna kan se dem.</Text>
      )}
    </Stack>
  );
}
