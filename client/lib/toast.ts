import { type NotificationData, notifications } from '@mantine/notifications';

// The toasts' container is loaded when the first toast is shown (issue 17: a page that shows none loads
// none of it); the toast waits in the store until the container has mounted.
let containerWanted = false;
const containerListeners = new Set<() => void>();

/** For useSyncExternalStore: whether a toast has been shown yet (the container is then wanted). */
export const toastContainerWanted = () => containerWanted;
export function subscribeToastContainer(listener: () => void): () => void {
  containerListeners.add(listener);
  return () => containerListeners.delete(listener);
}

/**
 * Shows a toast in place of the current one (spec §9: one toast at a time; a
 * new one replaces the old instead of waiting behind it).
 */
export function showToast(data: NotificationData): void {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of containerListeners) listener();
  }
  notifications.clean();
  notifications.show(data);
}

/** A red toast: title and optional description (e.g. the server's message). */
export function toastError(title: string, message?: string): void {
  showToast(message ? { color: 'red', title, message } : { color: 'red', message: title });
}

/** A green toast: title and optional description. */
export function toastSuccess(title: string, message?: string): void {
  showToast(message ? { color: 'golf', title, message } : { color: 'golf', message: title });
}
