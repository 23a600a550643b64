import { apiJson } from '@client/lib/api';
import type { RoomWishValue } from '@common/rules/room-wish';
import { type Registration, registrationSchema } from '@common/schemas/registrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationsKey } from './events-query';

/** PUT /api/events/{id}/registration/room-wish: the member's own room wish; the participant list reloads. */
export function useSetRoomWish(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (wish: RoomWishValue) =>
      apiJson<Registration>(
        'PUT',
        `/api/events/${eventId}/registration/room-wish`,
        wish,
        import.meta.env.DEV ? registrationSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: registrationsKey(eventId) }),
  });
}
