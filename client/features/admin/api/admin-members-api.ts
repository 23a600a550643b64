import { apiJson } from '@client/lib/api';
import { ADMIN_USERS_CACHE_MS } from '@common/limits';
import type { MembershipType } from '@common/options';
import { type AdminMembershipFilter, type AdminUser, adminUserSchema } from '@common/schemas/billing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

const ADMIN_USERS_KEY = '/api/admin/users';

/** GET /api/admin/users with the search and Alla/Pro/Gratis filter; cached 60 s (spec §9). */
export function useAdminUsers(search: string, membership: AdminMembershipFilter) {
  return useQuery({
    queryKey: [ADMIN_USERS_KEY, { search, membership }],
    queryFn: () => {
      const qs = new URLSearchParams({ membership });
      if (search) qs.set('search', search);
      return apiJson<AdminUser[]>(
        'GET',
        `${ADMIN_USERS_KEY}?${qs}`,
        undefined,
        import.meta.env.DEV ? z.array(adminUserSchema) : undefined,
      );
    },
    staleTime: ADMIN_USERS_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/users/{userId}/membership; refreshes the list. */
export function useSetMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, membershipType }: { userId: string; membershipType: MembershipType }) =>
      apiJson<AdminUser>(
        'POST',
        `${ADMIN_USERS_KEY}/${encodeURIComponent(userId)}/membership`,
        { membershipType },
        import.meta.env.DEV ? adminUserSchema : undefined,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_KEY] }),
  });
}
