import { type NotificationData, notifications } from '@mantine/notifications';

/**
 * Shows a toast in place of the current one (spec §9: one toast at a time; a
 * new one replaces the old instead of waiting behind it).
 */
export function showToast(data: NotificationData): void {
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
