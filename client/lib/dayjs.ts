import dayjs from 'dayjs';
import 'dayjs/locale/sv';
import { SITE_TIME_ZONE } from '@common/time';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// dayjs in Swedish time, for the pages that count with dates (the calendar, the event form, notices, the
// admin dashboard) and for Mantine's date pickers, whose 'sv' locale (weeks from Monday) is loaded here:
// a module with a date picker imports this one. Showing a date needs only ./dates, without dayjs (issue 17).
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('sv');

export { SITE_TIME_ZONE };

/** A dayjs value in Swedish time and locale. */
export function inSweden(d: string | number | Date): dayjs.Dayjs {
  return dayjs(d).tz(SITE_TIME_ZONE);
}

export { dayjs };
