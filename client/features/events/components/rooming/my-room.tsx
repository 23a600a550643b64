import { Card, Text, Title } from '@mantine/core';
import { useMyRoom } from '../../api/rooming-api';

/** The member's room and room-mates on a trip, once the organiser has published the rooms (issue 30). */
export function MyRoom({ eventId, paused = false }: { eventId: number; paused?: boolean }) {
  const room = useMyRoom(eventId, !paused);
  if (!room.data?.published || room.data.roomNumber === null) return null;
  const mates = room.data.roomMates;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="my-room-heading">
      <Title order={2} fz="lg" id="my-room-heading" mb={4}>
        Ditt rum
      </Title>
      <Text>
        Rum {room.data.roomNumber}
        {mates.length
          ? ` – du delar rum med ${mates.map((m) => m.name).join(' och ')}.`
          : ' – du har rummet för dig själv.'}
      </Text>
    </Card>
  );
}
