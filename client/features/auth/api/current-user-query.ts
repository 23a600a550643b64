import { getQueryFn } from '@client/lib/api';
import { type FullUser, fullUserSchema } from '@common/schemas/users';
import { queryOptions } from '@tanstack/react-query';

/** Query key of GET /api/auth/user; invalidate it to reload the current user. */
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/**
 * The current user (spec §4): loaded once, no retry; a 401 (or any failure)
 * means logged out.
 */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  // The schema is checked in development only; left out of the build, zod stays out of the first bundle.
  queryFn: getQueryFn<FullUser | null>({
    on401: 'returnNull',
    schema: import.meta.env.DEV ? fullUserSchema : undefined,
  }),
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
});
