import { NOTIFICATIONS_PAGE_SIZE } from '@common/limits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ALL_NOTIFICATIONS_KEY, fetchNotifications } from './notifications-api';

// Apart from notifications-api.ts: only the lazily loaded page needs the infinite query.
/** /notifications: pages of NOTIFICATIONS_PAGE_SIZE, 'Visa fler' loads the next. */
export const allNotificationsQuery = infiniteQueryOptions({
  queryKey: ALL_NOTIFICATIONS_KEY,
  queryFn: ({ pageParam }) => fetchNotifications(pageParam, NOTIFICATIONS_PAGE_SIZE),
  initialPageParam: 1,
  getNextPageParam: (last, _all, lastPage) =>
    last.items.length < NOTIFICATIONS_PAGE_SIZE ? undefined : lastPage + 1,
});

/** All of the member's notices, paged. */
export function useAllNotifications() {
  return useInfiniteQuery(allNotificationsQuery);
}
