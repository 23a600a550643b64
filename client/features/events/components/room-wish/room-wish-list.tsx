import { ROOM_WISH_LABELS } from '@common/options';
import { displayName } from '@common/rules/display-name';
import { includesLodging, roomWishText } from '@common/rules/room-wish';
import type { EventDetail } from '@common/schemas/events';
import type { Registration } from '@common/schemas/registrations';
import { Table, Text } from '@mantine/core';

/** The admins' view of the room wishes on a trip with overnight stays (the rooms list export holds the same). */
export function RoomWishList({
  event,
  registrations,
}: {
  event: EventDetail;
  registrations: Registration[];
}) {
  if (!includesLodging(event)) return null;
  const rows = registrations.filter((r) => r.status !== 'cancelled');
  const given = rows.filter((r) => r.roomWish).length;
  return (
    <section aria-labelledby="room-wish-heading">
      <Text id="room-wish-heading" fw={700} mt="lg" mb={4}>
        Rumsönskemål ({given} av {rows.length} har angett)
      </Text>
      {rows.length ? (
        <Table.ScrollContainer minWidth={360}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Namn</Table.Th>
                <Table.Th>Önskemål</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{displayName(r.user)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {roomWishText(r, ROOM_WISH_LABELS) ?? 'Inget angivet'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          Inga deltagare ännu.
        </Text>
      )}
    </section>
  );
}
