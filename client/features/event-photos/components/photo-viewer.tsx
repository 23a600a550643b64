import { ReportAction } from '@client/features/reports/components/report-action';
import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import type { EventPhoto } from '@common/schemas/event-photos';
import { ActionIcon, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconTrash } from '@tabler/icons-react';
import { type TouchEvent, useEffect, useRef, useState } from 'react';
import { useDeletePhoto, useForgetReportedPhoto } from '../api/event-photos-api';
import { PhotoPicture } from './photo-picture';

/** A swipe is a mostly sideways move of at least this many pixels. */
const SWIPE_PX = 50;

interface Props {
  photos: EventPhoto[];
  /** The photo shown, or null when the viewer is closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
  /** Above the photo, e.g. the event's title in 'Mina bilder'. */
  caption?: (photo: EventPhoto) => string | null;
}

/**
 * The full-screen viewer (full screen on phones, a large dialog from the `sm` width): one photo with its
 * alt text and uploader, 'Föregående bild' / 'Nästa bild' buttons, the arrow keys, a sideways swipe on
 * touch screens, and Escape or 'Stäng' to close (Mantine's Modal keeps the focus inside and returns it).
 * The uploader can remove the photo; anyone else can report it, after which it leaves their gallery.
 */
export function PhotoViewer({ photos, index, onIndex, caption }: Props) {
  const phone = useMediaQuery('(max-width: 48em)', true, { getInitialValueInEffect: false });
  const photo = index === null ? undefined : photos[index];
  const count = photos.length;
  const remove = useDeletePhoto();
  const forgetReported = useForgetReportedPhoto();
  const [confirming, setConfirming] = useState(false);
  const touch = useRef<{ x: number; y: number } | null>(null);

  const step = (by: number) => {
    if (index === null || count === 0) return;
    setConfirming(false);
    onIndex((index + by + count) % count);
  };

  // The arrow keys move while the viewer is open (Escape is the Modal's).
  useEffect(() => {
    if (index === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'ArrowRight') step(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // A photo that left the list (removed, reported) closes the viewer or shows the one now in its place.
  useEffect(() => {
    if (index !== null && index >= count) onIndex(count > 0 ? count - 1 : null);
  }, [index, count, onIndex]);

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    // A second finger makes it a pinch (zooming in on the photo), never a swipe.
    touch.current = t && e.touches.length === 1 ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(t.clientY - start.y)) step(dx < 0 ? 1 : -1);
  };

  const close = () => {
    setConfirming(false);
    onIndex(null);
  };
  const onRemove = () => {
    if (!photo) return;
    if (!confirming) return setConfirming(true);
    remove.mutate(photo, {
      onSuccess: () => {
        setConfirming(false);
        toastSuccess('Bilden är borttagen');
      },
      onError: (err) => toastError('Kunde inte ta bort bilden', apiErrorMessage(err)),
    });
  };

  return (
    <Modal
      opened={!!photo}
      onClose={close}
      fullScreen={phone}
      size="xl"
      centered
      title={photo ? `Bild ${(index ?? 0) + 1} av ${count}` : 'Bild'}
      closeButtonProps={{ 'aria-label': 'Stäng bildvisningen' }}
    >
      {photo ? (
        <Stack gap="sm">
          {caption?.(photo) ? (
            <Text size="sm" fw={500}>
              {caption(photo)}
            </Text>
          ) : null}
          <Box
            onTouchStart={onTouchStart}
            onTouchEnd={onTouchEnd}
            onTouchCancel={() => {
              touch.current = null;
            }}
            style={{ display: 'flex', justifyContent: 'center', background: 'var(--mantine-color-dark-8)' }}
          >
            <PhotoPicture
              key={photo.id}
              photo={photo}
              eager
              sizes="(min-width: 62em) 860px, 100vw"
              style={{
                display: 'block',
                maxWidth: '100%',
                maxHeight: phone ? 'calc(100dvh - 260px)' : '65vh',
                width: 'auto',
                height: 'auto',
                objectFit: 'contain',
              }}
            />
          </Box>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => step(-1)}
              disabled={count < 2}
              aria-label="Föregående bild"
            >
              <IconChevronLeft size={20} aria-hidden />
            </ActionIcon>
            <Text size="sm" ta="center" style={{ overflowWrap: 'anywhere' }}>
              {photo.altText}
            </Text>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => step(1)}
              disabled={count < 2}
              aria-label="Nästa bild"
            >
              <IconChevronRight size={20} aria-hidden />
            </ActionIcon>
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {photo.mine ? 'Din bild' : `Uppladdad av ${photo.uploader?.name ?? 'en tidigare medlem'}`}
            </Text>
            <Group gap="xs">
              {photo.abilities.canDelete ? (
                <Button
                  variant={confirming ? 'filled' : 'light'}
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={onRemove}
                  loading={remove.isPending}
                >
                  {confirming ? 'Bekräfta: ta bort bilden' : 'Ta bort bilden'}
                </Button>
              ) : null}
              {photo.abilities.canReport ? (
                <ReportAction
                  targetType="photo"
                  targetId={photo.id}
                  what="bilden"
                  onReported={() => forgetReported(photo.eventId)}
                />
              ) : null}
            </Group>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
