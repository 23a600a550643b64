import { apiJson, apiRequest } from '@client/lib/api';
import {
  type Notification,
  type NotificationList,
  notificationListSchema,
} from '@common/schemas/notifications';
import type { ServerLoad } from '@common/ssr';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/** Every query of GET /api/notifications lives under this key; invalidate it after a change. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
/** The bell's list: the most recent notices and the unread count. */
export const RECENT_NOTIFICATIONS_KEY = ['/api/notifications', 'recent'] as const;
/** The /notifications page: all notices, page by page. */
export const ALL_NOTIFICATIONS_KEY = ['/api/notifications', 'all'] as const;

/** How many notices the bell's dropdown shows. */
export const BELL_NOTIFICATIONS = 8;

/** GET /api/notifications?page=&limit=: newest first, with the member's unread count. */
export function fetchNotifications(page: number, limit: number): Promise<NotificationList> {
  return apiJson(
    'GET',
    `/api/notifications?page=${page}&limit=${limit}`,
    undefined,
    import.meta.env.DEV ? notificationListSchema : undefined,
  );
}

/** The bell: the 8 most recent notices and the unread count. */
export const recentNotificationsQuery = queryOptions({
  queryKey: RECENT_NOTIFICATIONS_KEY,
  queryFn: () => fetchNotifications(1, BELL_NOTIFICATIONS),
  // A member's page rendered by the server shows the bell's count (issue 33): the same answer, loaded there.
  meta: {
    ssr: (async (load) =>
      (await load(`/api/notifications?page=1&limit=${BELL_NOTIFICATIONS}`))?.body) as ServerLoad,
  },
});

/** The bell's data (only while logged in). */
export function useRecentNotifications(enabled: boolean) {
  return useQuery({ ...recentNotificationsQuery, enabled });
}

/** Marks notices read in every cached list at once (the server's answer follows by refetch). */
function markReadInCache(qc: QueryClient, ids: string[] | undefined): void {
  const now = new Date().toISOString();
  const mark = (n: Notification): Notification =>
    n.readAt || (ids && !ids.includes(n.id)) ? n : { ...n, readAt: now };
  const newlyRead = (items: Notification[]) =>
    items.filter((n) => !n.readAt && (!ids || ids.includes(n.id))).length;
  qc.setQueryData<NotificationList>(RECENT_NOTIFICATIONS_KEY, (old) =>
    old
      ? {
          items: old.items.map(mark),
          unread: ids ? Math.max(0, old.unread - newlyRead(old.items)) : 0,
        }
      : old,
  );
  qc.setQueryData<InfiniteData<NotificationList, number>>(ALL_NOTIFICATIONS_KEY, (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map(mark) })) } : old,
  );
}

/** POST /api/notifications/read: `ids` marks those, none marks all; every list is reloaded after. */
export function useMarkNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ids?: string[]) => {
      await apiRequest('POST', '/api/notifications/read', ids ? { ids } : {});
    },
    onMutate: (ids) => markReadInCache(qc, ids),
    onSettled: () => qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/**
 * A notice pushed over the realtime socket: shown in the bell at once (a notice that replaces an
 * earlier one with the same id moves to the top), then every list is reloaded from the server.
 */
export function applyPushedNotification(qc: QueryClient, notification: Notification): void {
  qc.setQueryData<NotificationList>(RECENT_NOTIFICATIONS_KEY, (old) => {
    if (!old) return old;
    const earlier = old.items.find((n) => n.id === notification.id);
    const wasUnread = Boolean(earlier && !earlier.readAt);
    const isUnread = !notification.readAt;
    return {
      items: [notification, ...old.items.filter((n) => n.id !== notification.id)].slice(
        0,
        BELL_NOTIFICATIONS,
      ),
      unread: Math.max(0, old.unread + (isUnread ? 1 : 0) - (wasUnread ? 1 : 0)),
    };
  });
  void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
}
