import { getQueryFn } from '@client/lib/api';
import { type BlockedPair, blockedPairSchema } from '@common/schemas/blocks';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/**
 * GET /api/events/{id}/groups/blocked-pairs (admins): registrations whose members have blocked one
 * another, so the manager warns before a move or an add puts them in one group. Under the groups key, so
 * whatever refreshes the groups refreshes these too.
 */
export function useBlockedPairs(eventId: number) {
  return useQuery<BlockedPair[]>({
    queryKey: ['/api/events', String(eventId), 'groups', 'blocked-pairs'],
    queryFn: getQueryFn({
      on401: 'throw',
      schema: import.meta.env.DEV ? z.array(blockedPairSchema) : undefined,
    }),
  });
}
