import { apiJson, apiRequest, getQueryFn } from '@client/lib/api';
import {
  type BlockedMember,
  blockedMemberSchema,
  type PrivacySettings,
  privacySettingsSchema,
} from '@common/schemas/blocks';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/** GET /api/blocks: the members the caller has blocked. */
export const BLOCKS_KEY = ['/api/blocks'] as const;
/** GET /api/me/privacy: the caller's privacy settings. */
export const PRIVACY_KEY = ['/api/me/privacy'] as const;

/**
 * What a block or a privacy change alters elsewhere: the directory pages and member searches
 * (GET /api/users…), and the conversations and threads (their `closed` state). A blocked member's own
 * profile query is left alone, so an open profile dialog keeps showing whom the caller just blocked.
 */
function refreshAfterBlockChange(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: BLOCKS_KEY }),
    qc.invalidateQueries({ queryKey: ['/api/users', 'directory'] }),
    qc.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/users?'),
    }),
    qc.invalidateQueries({ queryKey: ['/api/messages'] }),
  ]);
}

export const blocksQuery = queryOptions({
  queryKey: BLOCKS_KEY,
  queryFn: getQueryFn<BlockedMember[]>({
    on401: 'throw',
    schema: import.meta.env.DEV ? z.array(blockedMemberSchema) : undefined,
  }),
});

/** The caller's blocked members, newest first. */
export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQuery, enabled });
}

/** Whether the caller has blocked the member (false while the list loads). */
export function useHasBlocked(memberId: string | null | undefined) {
  const blocks = useBlocks(Boolean(memberId));
  return blocks.data?.some((b) => b.id === memberId) ?? false;
}

/** POST /api/blocks: block a member (blocking again changes nothing). */
export function useBlockMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiJson<BlockedMember>(
        'POST',
        '/api/blocks',
        { userId },
        import.meta.env.DEV ? blockedMemberSchema : undefined,
      ),
    onSuccess: () => refreshAfterBlockChange(qc),
  });
}

/** DELETE /api/blocks/{userId}: 'Ta bort blockering'. */
export function useUnblockMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => {
      await apiRequest('DELETE', `/api/blocks/${encodeURIComponent(userId)}`);
    },
    onSuccess: () => refreshAfterBlockChange(qc),
  });
}

export const privacyQuery = queryOptions({
  queryKey: PRIVACY_KEY,
  queryFn: getQueryFn<PrivacySettings>({
    on401: 'throw',
    schema: import.meta.env.DEV ? privacySettingsSchema : undefined,
  }),
});

/** The caller's privacy settings ('Dölj mig i medlemslistan', 'Vem får skriva till mig'). */
export function usePrivacySettings() {
  return useQuery(privacyQuery);
}

/** PUT /api/me/privacy; the answer replaces the cached settings. */
export function useSavePrivacySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: PrivacySettings) =>
      apiJson<PrivacySettings>(
        'PUT',
        '/api/me/privacy',
        settings,
        import.meta.env.DEV ? privacySettingsSchema : undefined,
      ),
    onSuccess: (saved) => {
      qc.setQueryData(PRIVACY_KEY, saved);
      return refreshAfterBlockChange(qc);
    },
  });
}
