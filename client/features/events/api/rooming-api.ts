import { apiJson } from '@client/lib/api';
import { type MyRoom, myRoomSchema, type RoomingView, roomingViewSchema } from '@common/schemas/rooming';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const roomsKey = (eventId: number) => ['/api/events', String(eventId), 'rooms'] as const;

/** GET /api/events/{id}/rooms (organisers). */
export function useRooming(eventId: number) {
  return useQuery({
    queryKey: roomsKey(eventId),
    queryFn: () =>
      apiJson<RoomingView>(
        'GET',
        `/api/events/${eventId}/rooms`,
        undefined,
        import.meta.env.DEV ? roomingViewSchema : undefined,
      ),
  });
}

type RoomingChange =
  | { kind: 'auto' }
  | { kind: 'save'; rooms: string[][] }
  | { kind: 'publish'; published: boolean };

/** Automatic pairing, the organiser's moves, publishing: each answers the new view. */
export function useChangeRooming(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (c: RoomingChange) => {
      const base = `/api/events/${eventId}/rooms`;
      if (c.kind === 'auto') return apiJson<RoomingView>('POST', `${base}/auto`);
      if (c.kind === 'publish')
        return apiJson<RoomingView>('POST', `${base}/publish`, { published: c.published });
      return apiJson<RoomingView>('PUT', base, { rooms: c.rooms.map((userIds) => ({ userIds })) });
    },
    onSuccess: (view, c) => {
      qc.setQueryData(roomsKey(eventId), view);
      // The event's roomsPublishedAt changed with a publish.
      if (c.kind === 'publish') void qc.invalidateQueries({ queryKey: ['/api/events', String(eventId)] });
    },
  });
}

/** GET /api/events/{id}/my-room: the member's room-mates once published. */
export function useMyRoom(eventId: number, enabled = true) {
  return useQuery({
    queryKey: ['/api/events', String(eventId), 'my-room'],
    enabled,
    queryFn: () =>
      apiJson<MyRoom>(
        'GET',
        `/api/events/${eventId}/my-room`,
        undefined,
        import.meta.env.DEV ? myRoomSchema : undefined,
      ),
  });
}
