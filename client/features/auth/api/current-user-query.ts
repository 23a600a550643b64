import { apiJson } from '@client/lib/api';
import { type FullUser, sessionSchema } from '@common/schemas/users';
import { queryOptions } from '@tanstack/react-query';

/** Query key of the current user (GET /api/auth/session); invalidate it to reload the current user. */
export const CURRENT_USER_KEY = ['/api/auth/session'] as const;

/**
 * The current user (spec §4), or null when logged out: loaded once, no retry. Asked of GET
 * /api/auth/session, which answers a visitor 200 `{ user: null }` (issue 26), so a visitor's page logs
 * no failed request; GET /api/auth/user keeps the spec's 401 for other clients.
 */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  // The schema is checked in development only; left out of the build, zod stays out of the first bundle.
  queryFn: async (): Promise<FullUser | null> =>
    (await apiJson('GET', '/api/auth/session', undefined, import.meta.env.DEV ? sessionSchema : undefined))
      .user,
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});
