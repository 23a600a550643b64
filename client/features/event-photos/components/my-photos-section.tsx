import { SectionCard } from '@client/ui/section-card';
import { Alert, Anchor, Loader, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useMyPhotos } from '../api/event-photos-api';
import { PhotoGrid } from './photo-grid';

const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

/** 'Mina bilder' on the member's own profile: the photos they uploaded, across events, newest first. */
export function MyPhotosSection() {
  const { data, isLoading, error } = useMyPhotos();
  const [open, setOpen] = useState<number | null>(null);
  const photos = data ?? [];
  return (
    <SectionCard title="Mina bilder" anchor="mina-bilder" ready={!isLoading}>
      {isLoading ? (
        <Loader size="sm" aria-label="Laddar dina bilder" />
      ) : error ? (
        <Alert color="red">Kunde inte ladda dina bilder.</Alert>
      ) : photos.length === 0 ? (
        <Text c="dimmed" size="sm">
          Du har inte laddat upp några bilder än. Bilder från ett evenemang laddar du upp på{' '}
          <Anchor component={Link} to="/events" underline="always">
            evenemangets sida
          </Anchor>{' '}
          när det har börjat.
        </Text>
      ) : (
        <PhotoGrid photos={photos} onOpen={setOpen} />
      )}
      {open !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            index={open}
            onIndex={setOpen}
            caption={(p) => photos.find((x) => x.id === p.id)?.event.title ?? null}
          />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}
