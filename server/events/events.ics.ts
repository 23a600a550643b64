import { SITE_TIME_ZONE, STOCKHOLM_SUMMER_TIME, summerTimeChange } from '@common/time';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { EventRow } from './events.presenter';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What a calendar entry needs of an event row. */
export type CalendarEvent = Pick<
  EventRow,
  'id' | 'title' | 'description' | 'location' | 'startTime' | 'endTime' | 'status'
>;

export interface CalendarOptions {
  /** The site's address: the entries link to `${publicUrl}/events/{id}` and their UIDs name its host. */
  publicUrl: string;
  /** The calendar's name in calendar apps (a feed), if any. */
  name?: string;
  /** DTSTAMP: when the file was made. */
  now?: Date;
}

const two = (n: number) => String(n).padStart(2, '0');
/** A UTC offset of whole hours as iCalendar writes it (+0200). */
const icalOffset = (hours: number) => `+${two(hours)}00`;

/** The wall-clock time (iCalendar's local form) of a change of 1970, the rule's first year in the file. */
function localChange1970(month: number, offsetHours: number): string {
  const d = new Date(summerTimeChange(1970, month) + offsetHours * 3_600_000);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}0000`;
}

/**
 * The Stockholm time zone as iCalendar describes it, from the one summer-time rule (@common/time:
 * last Sunday of March 02:00 to last Sunday of October 03:00, local time), so calendar apps read
 * TZID=Europe/Stockholm as the site does.
 */
const STOCKHOLM_VTIMEZONE = (() => {
  const r = STOCKHOLM_SUMMER_TIME;
  const standard = icalOffset(r.standardOffsetHours);
  const summer = icalOffset(r.summerOffsetHours);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${SITE_TIME_ZONE}`,
    'BEGIN:DAYLIGHT',
    `TZOFFSETFROM:${standard}`,
    `TZOFFSETTO:${summer}`,
    'TZNAME:CEST',
    `DTSTART:${localChange1970(r.startMonth, r.standardOffsetHours)}`,
    `RRULE:FREQ=YEARLY;BYMONTH=${r.startMonth + 1};BYDAY=-1SU`,
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    `TZOFFSETFROM:${summer}`,
    `TZOFFSETTO:${standard}`,
    'TZNAME:CET',
    `DTSTART:${localChange1970(r.endMonth, r.summerOffsetHours)}`,
    `RRULE:FREQ=YEARLY;BYMONTH=${r.endMonth + 1};BYDAY=-1SU`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
})();

/** The stable UID of an event's calendar entry: the same event updates the entry instead of adding one. */
export function eventUid(eventId: number, publicUrl: string): string {
  return `event-${eventId}@${new URL(publicUrl).host}`;
}

/**
 * Events as one iCalendar file (RFC 5545, written by ical-generator): each a VEVENT with the Swedish title
 * as SUMMARY, the place, the description and the event's address, its times in Europe/Stockholm (with the
 * zone's VTIMEZONE), a stable UID and STATUS CANCELLED for a cancelled event. For the single-event download,
 * a member's calendar feed and e-mail attachments alike.
 */
export function buildCalendar(events: CalendarEvent[], options: CalendarOptions): string {
  const base = options.publicUrl.replace(/\/$/, '');
  const now = options.now ?? new Date();
  const calendar = ical({
    prodId: '//Singelgolf//Evenemang//SV',
    method: ICalCalendarMethod.PUBLISH,
    scale: 'gregorian',
    ...(options.name ? { name: options.name } : {}),
  });
  // No calendar-wide zone (DTSTAMP stays UTC); the generator adds the VTIMEZONE of the events' zone.
  calendar.timezone({
    name: null,
    generator: (tz) => (tz === SITE_TIME_ZONE ? STOCKHOLM_VTIMEZONE : null),
  });
  for (const e of events) {
    const url = `${base}/events/${e.id}`;
    calendar.createEvent({
      id: eventUid(e.id, options.publicUrl),
      stamp: now,
      timezone: SITE_TIME_ZONE,
      start: dayjs(e.startTime).tz(SITE_TIME_ZONE),
      end: dayjs(e.endTime).tz(SITE_TIME_ZONE),
      summary: e.title,
      location: e.location,
      description: [e.description ?? '', url].filter(Boolean).join('\n\n'),
      url,
      status: e.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line, the last one too, with CRLF; ical-generator leaves the last one open.
  return `${calendar.toString()}\r\n`;
}

/** GET /api/events/{id}/calendar.ics: one event as an iCalendar file. */
export function eventToIcs(e: CalendarEvent, publicUrl: string, now = new Date()): string {
  return buildCalendar([e], { publicUrl, now });
}
