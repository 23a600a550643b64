import { useClock } from '@client/lib/use-now';
import { includesLodging } from '@common/rules/room-wish';
import type { EventDetail } from '@common/schemas/events';
import { Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { eventKey } from '../../api/events-query';

// Loaded only for those who see them: members with a place (Samåkning, their room), organisers (Rum).
const RidesSection = lazy(() =>
  import('@client/features/rides/components/rides-section').then((m) => ({ default: m.RidesSection })),
);
const MyRoom = lazy(() => import('../rooming/my-room').then((m) => ({ default: m.MyRoom })));
const RoomingManager = lazy(() =>
  import('../rooming/rooming-manager').then((m) => ({ default: m.RoomingManager })),
);

/**
 * The event page's sections of issue 30, one line in the page: 'Samåkning' and the room-mate for a
 * member with a place, the rooming ('Rum') for the organiser of a trip with overnight stays.
 */
export function EventExtras({ event: shown }: { event: EventDetail }) {
  // While the event is read again (after a change of place) the parts for members with a place wait for it
  // rather than ask with a place the member may just have given up (a 403 while the page takes them away).
  // The event and whether it is being read come from one observer's result, so they always agree (a
  // separate useIsFetching could say 'done' a render before the page's prop held the new event). It only
  // reads the page's query (enabled: false): it never asks for the event itself.
  const { data: event = shown, isFetching: rereading } = useQuery<EventDetail>({
    queryKey: eventKey(shown.id),
    enabled: false,
  });
  const over = useClock((now) => Date.parse(event.endTime) <= now);
  const live = event.status !== 'cancelled' && event.status !== 'completed' && !over;
  const registered = event.myRegistration?.status === 'registered';
  const organiser = event.abilities.canEdit && includesLodging(event);
  if (!(live && registered) && !organiser) return null;
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader size="sm" />
        </Center>
      }
    >
      <Stack>
        {registered && event.roomsPublishedAt ? <MyRoom eventId={event.id} paused={rereading} /> : null}
        {live && registered ? (
          <RidesSection eventId={event.id} startTime={event.startTime} paused={rereading} />
        ) : null}
        {organiser ? <RoomingManager eventId={event.id} /> : null}
      </Stack>
    </Suspense>
  );
}
