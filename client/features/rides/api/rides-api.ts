import { apiJson } from '@client/lib/api';
import {
  type CreateRideInput,
  type Ride,
  type RideList,
  type RideMessage,
  rideListSchema,
  rideMessagesSchema,
  rideSchema,
} from '@common/schemas/rides';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const ridesKey = (eventId: number) => ['/api/events', String(eventId), 'rides'] as const;
const messagesKey = (rideId: number) => ['/api/rides', String(rideId), 'messages'] as const;

/**
 * GET /api/events/{id}/rides: the event's rides, those matching the member's own first (not asked while
 * `enabled` is false: the event page holds it while it reads the member's place again).
 */
export function useRides(eventId: number, enabled = true) {
  return useQuery({
    queryKey: ridesKey(eventId),
    enabled,
    queryFn: () =>
      apiJson<RideList>(
        'GET',
        `/api/events/${eventId}/rides`,
        undefined,
        import.meta.env.DEV ? rideListSchema : undefined,
      ),
  });
}

/** POST /api/events/{id}/rides */
export function useCreateRide(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRideInput) =>
      apiJson<Ride>(
        'POST',
        `/api/events/${eventId}/rides`,
        input,
        import.meta.env.DEV ? rideSchema : undefined,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ridesKey(eventId) }),
  });
}

type RideAction =
  | { kind: 'join' | 'leave' | 'delete'; rideId: number }
  | { kind: 'accept' | 'decline'; rideId: number; userId: string };

/** Join, leave, delete, and the driver's accept or decline; the list reloads. */
export function useRideAction(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: RideAction) => {
      switch (a.kind) {
        case 'join':
        case 'leave':
          return apiJson('POST', `/api/rides/${a.rideId}/${a.kind}`);
        case 'delete':
          return apiJson('DELETE', `/api/rides/${a.rideId}`);
        default:
          return apiJson(
            'POST',
            `/api/rides/${a.rideId}/passengers/${encodeURIComponent(a.userId)}/${a.kind}`,
          );
      }
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ridesKey(eventId) }),
  });
}

/** GET /api/rides/{id}/messages: the ride's conversation, refreshed every 20 s while open. */
export function useRideMessages(rideId: number) {
  return useQuery({
    queryKey: messagesKey(rideId),
    queryFn: () =>
      apiJson<{ messages: RideMessage[] }>(
        'GET',
        `/api/rides/${rideId}/messages`,
        undefined,
        import.meta.env.DEV ? rideMessagesSchema : undefined,
      ),
    refetchInterval: 20_000,
  });
}

/** POST /api/rides/{id}/messages */
export function useSendRideMessage(rideId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => apiJson('POST', `/api/rides/${rideId}/messages`, { content }),
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKey(rideId) }),
  });
}
