import { apiErrorMessage } from '@client/lib/api';
import { toastSuccess } from '@client/lib/toast';
import { useClock } from '@client/lib/use-now';
import { ROOM_WISH_LABELS } from '@common/options';
import { displayName } from '@common/rules/display-name';
import { includesLodging, roomWishText } from '@common/rules/room-wish';
import type { EventDetail } from '@common/schemas/events';
import type { Registration } from '@common/schemas/registrations';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSetRoomWish } from '../../api/room-wish-api';
import { RoomWishField, readRoomWish } from './room-wish-field';

/**
 * The member's own room wish on a trip with overnight stays, changeable while registered (or in the
 * queue) until the trip starts. Nothing for one-day events or without a live registration.
 */
export function MyRoomWish({
  event,
  registrations,
  userId,
}: {
  event: EventDetail;
  registrations: Registration[] | undefined;
  userId: string | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const save = useSetRoomWish(event.id);
  const started = useClock((now) => Date.parse(event.startTime) <= now);
  const own = registrations?.find((r) => r.userId === userId && r.status !== 'cancelled');
  if (!own || !includesLodging(event) || started) return null;
  const current = {
    roomWish: own.roomWish,
    roomMateName: own.roomMateName,
    roomMateId: own.roomMateId,
    roomMixedOk: own.roomMixedOk,
  };
  const participants = (registrations ?? [])
    .filter((r) => r.userId !== userId && r.status !== 'cancelled')
    .map((r) => ({ id: r.userId, name: displayName(r.user) }));
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="xs">
        Rumsönskemål
      </Title>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(readRoomWish(e.currentTarget), {
              onSuccess: () => {
                setEditing(false);
                toastSuccess('Rumsönskemålet är sparat');
              },
            });
          }}
        >
          <RoomWishField
            initial={current}
            participants={participants}
            singleRoomSupplement={event.singleRoomSupplement}
            error={save.error ? apiErrorMessage(save.error) : null}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setEditing(false)}>
              Avbryt
            </Button>
            <Button type="submit" loading={save.isPending}>
              Spara
            </Button>
          </Group>
        </form>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{roomWishText(current, ROOM_WISH_LABELS) ?? 'Inget rumsönskemål angivet.'}</Text>
          <Button variant="light" size="xs" onClick={() => setEditing(true)}>
            Ändra rumsönskemål
          </Button>
        </Group>
      )}
    </Card>
  );
}
