import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useEventPhotos } from '../api/event-photos-api';
import { PhotoGrid } from './photo-grid';
import { PhotoUploadForm } from './photo-upload-form';
import { PhotoViewer } from './photo-viewer';

/** The event's gallery for its participants and admins: the upload form, the grid and the viewer. */
export function EventPhotoGallery({ eventId }: { eventId: number }) {
  const { data, isLoading, error } = useEventPhotos(eventId);
  const [open, setOpen] = useState<number | null>(null);
  if (isLoading)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Laddar bilderna" />
      </Center>
    );
  if (error || !data) return <Alert color="red">Kunde inte ladda bilderna.</Alert>;
  return (
    <Stack gap="md">
      {data.photos.length ? (
        <PhotoGrid photos={data.photos} onOpen={setOpen} />
      ) : (
        <Text c="dimmed">Inga bilder än.</Text>
      )}
      {data.canUpload ? <PhotoUploadForm eventId={eventId} left={data.limit - data.myCount} /> : null}
      <PhotoViewer photos={data.photos} index={open} onIndex={setOpen} />
    </Stack>
  );
}
