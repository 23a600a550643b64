import { apiJson } from '@client/lib/api';
import type { NotificationPreferences } from '@common/notification-types';
import { notificationPreferencesSchema } from '@common/schemas/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET/PUT /api/notification-preferences. */
export const PREFERENCES_KEY = ['/api/notification-preferences'] as const;

/** The member's choice of e-mail and push per notification type (defaults filled in by the server). */
export const preferencesQuery = queryOptions({
  queryKey: PREFERENCES_KEY,
  queryFn: () =>
    apiJson<NotificationPreferences>(
      'GET',
      '/api/notification-preferences',
      undefined,
      import.meta.env.DEV ? notificationPreferencesSchema : undefined,
    ),
});

/** The member's notification preferences. */
export function useNotificationPreferences() {
  return useQuery(preferencesQuery);
}

/** PUT /api/notification-preferences with every type; the answer replaces the cached choices. */
export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) =>
      apiJson<NotificationPreferences>(
        'PUT',
        '/api/notification-preferences',
        prefs,
        import.meta.env.DEV ? notificationPreferencesSchema : undefined,
      ),
    onSuccess: (saved) => qc.setQueryData(PREFERENCES_KEY, saved),
  });
}
