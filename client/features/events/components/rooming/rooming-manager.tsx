import { apiErrorMessage } from '@client/lib/api';
import { formatDayTime } from '@client/lib/dates';
import { GENDER_LABELS, ROOM_WISH_LABELS } from '@common/options';
import { roomWishText } from '@common/rules/room-wish';
import type { RoomingParticipant, RoomingView } from '@common/schemas/rooming';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useChangeRooming, useRooming } from '../../api/rooming-api';

const NEW_ROOM = 'new';
const NO_ROOM = 'none';

/** The rooms after moving one member: to another room, a new room, or none (empty rooms drop out). */
function moved(view: RoomingView, userId: string, to: string): string[][] {
  const rooms = view.rooms.map((r) => r.members.map((m) => m.userId).filter((id) => id !== userId));
  if (to === NEW_ROOM) rooms.push([userId]);
  else if (to !== NO_ROOM) rooms[Number(to) - 1]?.push(userId);
  return rooms.filter((r) => r.length > 0);
}

/**
 * 'Rum' for the organiser of a trip (issue 30): automatic pairing (mutual wishes, then same gender, then
 * age), moving members between rooms, and publishing the rooms to the participants.
 */
export function RoomingManager({ eventId }: { eventId: number }) {
  const rooming = useRooming(eventId);
  const change = useChangeRooming(eventId);
  const view = rooming.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="rooming-heading">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={2} fz="lg" id="rooming-heading">
          Rum
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={change.isPending}
            onClick={() => change.mutate({ kind: 'auto' })}
          >
            Fördela automatiskt
          </Button>
          {view ? (
            <Button
              size="xs"
              variant={view.publishedAt ? 'default' : 'filled'}
              disabled={view.rooms.length === 0}
              onClick={() => change.mutate({ kind: 'publish', published: !view.publishedAt })}
            >
              {view.publishedAt ? 'Dölj rummen för deltagarna' : 'Publicera rummen'}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Automatisk fördelning: först de som valt varandra, sedan samma kön, sedan närmast i ålder. Blandade
        rum bara när båda har sagt att det går bra.
        {view?.singleRoomSupplement != null ? ` Enkelrumstillägg: ${view.singleRoomSupplement} kr.` : ''}
      </Text>
      {view?.publishedAt ? (
        <Text size="sm" mb="sm">
          Publicerade {formatDayTime(view.publishedAt)}: deltagarna ser sina rumskompisar.
        </Text>
      ) : null}
      {change.error ? (
        <Alert color="red" role="alert" mb="sm">
          {apiErrorMessage(change.error)}
        </Alert>
      ) : null}
      {rooming.isLoading ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : rooming.error ? (
        <Alert color="red">{apiErrorMessage(rooming.error, 'Kunde inte ladda rummen.')}</Alert>
      ) : view ? (
        <Stack gap="sm">
          {view.rooms.length === 0 && view.unassigned.length === 0 ? (
            <Text size="sm">Inga anmälda deltagare än.</Text>
          ) : null}
          {view.rooms.map((room) => (
            <Card
              key={room.number}
              withBorder
              radius="sm"
              padding="sm"
              component="article"
              aria-label={`Rum ${room.number}`}
            >
              <Text fw={600} mb={4}>
                Rum {room.number}
              </Text>
              <Stack gap={6}>
                {room.members.map((p) => (
                  <ParticipantRow
                    key={p.userId}
                    p={p}
                    view={view}
                    current={String(room.number)}
                    onMove={(to) => change.mutate({ kind: 'save', rooms: moved(view, p.userId, to) })}
                  />
                ))}
              </Stack>
            </Card>
          ))}
          {view.unassigned.length > 0 ? (
            <Card withBorder radius="sm" padding="sm" component="article" aria-label="Utan rum">
              <Text fw={600} mb={4}>
                Utan rum
              </Text>
              <Stack gap={6}>
                {view.unassigned.map((p) => (
                  <ParticipantRow
                    key={p.userId}
                    p={p}
                    view={view}
                    current={NO_ROOM}
                    onMove={(to) => change.mutate({ kind: 'save', rooms: moved(view, p.userId, to) })}
                  />
                ))}
              </Stack>
            </Card>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}

function ParticipantRow({
  p,
  view,
  current,
  onMove,
}: {
  p: RoomingParticipant;
  view: RoomingView;
  current: string;
  onMove: (to: string) => void;
}) {
  const wish = roomWishText(p, ROOM_WISH_LABELS) ?? 'Inget önskemål';
  const facts = [p.gender ? GENDER_LABELS[p.gender] : null, p.age !== null ? `${p.age} år` : null]
    .filter(Boolean)
    .join(', ');
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {p.name}{' '}
          {facts ? (
            <Text span size="xs" c="dimmed">
              ({facts})
            </Text>
          ) : null}
        </Text>
        <Group gap={4}>
          <Text size="xs">{wish}</Text>
          {p.mutual ? (
            <Badge size="xs" color="golf">
              Ömsesidigt
            </Badge>
          ) : null}
        </Group>
      </div>
      <NativeSelect
        size="xs"
        aria-label={`Flytta ${p.name}`}
        value={current}
        onChange={(e) => onMove(e.currentTarget.value)}
        data={[
          ...view.rooms.map((r) => ({ value: String(r.number), label: `Rum ${r.number}` })),
          { value: NEW_ROOM, label: 'Nytt rum' },
          { value: NO_ROOM, label: 'Utan rum' },
        ]}
      />
    </Group>
  );
}
