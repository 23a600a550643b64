import dayjs from 'dayjs';
import 'dayjs/locale/sv';
import { SITE_TIME_ZONE } from '@common/time';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
// Swedish names; the 'sv' locale starts weeks on Monday.
dayjs.locale('sv');

// All times are shown in Swedish time (decisions.md); the zone is defined once in common/time.ts.
export { SITE_TIME_ZONE };

type DateInput = string | number | Date;

/** A dayjs value in Swedish time and locale. */
export function inSweden(d: DateInput): dayjs.Dayjs {
  return dayjs(d).tz(SITE_TIME_ZONE);
}

/** 'lördag 14 juni 2025' */
export function formatLongDate(d: DateInput): string {
  return inSweden(d).format('dddd D MMMM YYYY');
}

/** '14 juni 2025' */
export function formatDate(d: DateInput): string {
  return inSweden(d).format('D MMMM YYYY');
}

/** '09:30' */
export function formatTime(d: DateInput): string {
  return inSweden(d).format('HH:mm');
}

/** '14 jun 09:30': the one short date-and-time format of the site (messages, chats, lists). */
export function formatDayTime(d: DateInput): string {
  return inSweden(d).format('D MMM HH:mm');
}

/** '14 jun' */
export function formatDayMonth(d: DateInput): string {
  return inSweden(d).format('D MMM');
}

export { dayjs };
