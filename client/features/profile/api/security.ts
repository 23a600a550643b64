import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import { apiJson, apiRequest, getQueryFn } from '@client/lib/api';
import {
  type ChangePasswordBody,
  type EmailTokenResult,
  emailTokenResultSchema,
  type SecurityInfo,
  securityInfoSchema,
} from '@common/schemas/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query key of GET /api/me/security; invalidate it when the address or the login changes. */
export const SECURITY_KEY = ['/api/me/security'] as const;

/** GET /api/me/security: the login provider, the address in force and a pending change. */
export const securityInfoQuery = queryOptions({
  queryKey: SECURITY_KEY,
  queryFn: getQueryFn<SecurityInfo>({
    on401: 'throw',
    schema: import.meta.env.DEV ? securityInfoSchema : undefined,
  }),
});

/** The member's security info (the profile's 'Säkerhet' section). */
export function useSecurityInfo() {
  return useQuery(securityInfoQuery);
}

/** After the address changed (or a change was dropped): reload the section and the current user. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SECURITY_KEY }),
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    ]);
}

/** DELETE /api/me/pending-email: 'Avbryt ändringen' of one's own pending address. */
export function useCancelPendingEmail() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/me/pending-email');
    },
    onSuccess: () => refresh(),
  });
}

/**
 * POST /api/me/email/confirm or /api/me/email/cancel with the token of an e-mailed link (no login
 * needed). When the browser is logged in, its profile shows the outcome at once.
 */
export function useEmailLink(action: 'confirm' | 'cancel') {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (token: string) =>
      apiJson<EmailTokenResult>(
        'POST',
        `/api/me/email/${action}`,
        { token },
        import.meta.env.DEV ? emailTokenResultSchema : undefined,
      ),
    onSuccess: () => refresh(),
  });
}

/** POST /api/me/password: the member's other sessions end, this one stays (nothing cached changes). */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) => {
      await apiRequest('POST', '/api/me/password', body);
    },
  });
}

/**
 * POST /api/me/logout-everywhere: every session ends, this one too. The caller then loads `/` afresh,
 * which drops everything cached about the member.
 */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/me/logout-everywhere');
    },
  });
}
