import { inSweden } from '@client/lib/dayjs';

/** When a notice came: 'i dag 14:05', 'i går 09:30', else '3 juni 14:05' (with the year when not this one). */
export function formatNotificationTime(iso: string, now: Date = new Date()): string {
  const t = inSweden(iso);
  const today = inSweden(now).startOf('day');
  if (!t.isBefore(today)) return `i dag ${t.format('HH:mm')}`;
  if (!t.isBefore(today.subtract(1, 'day'))) return `i går ${t.format('HH:mm')}`;
  return t.year() === today.year() ? t.format('D MMMM HH:mm') : t.format('D MMMM YYYY');
}

// The bell's labels live apart from dayjs: the header (on every member page) needs them, not dates.
export { isSitePath, unreadLabel } from './notification-labels';
