/**
 * Swedish time: every time is stored as an instant and shown, counted by day and by month in
 * Europe/Stockholm (decisions.md). The one place that knows the zone; everything else asks here.
 */
export const SITE_TIME_ZONE = 'Europe/Stockholm';

/** The wall-clock fields of an instant in Stockholm (month 1-12, hour 0-23). */
export interface StockholmParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * An Intl formatter made on its first use: the first one of a page or process costs tens of milliseconds
 * (ICU's data), which a page that shows its dates without Intl should not pay while its modules load
 * (issue 17).
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, options);
    return made;
  };
}

const partsFormat = lazyFormat('en-US', {
  timeZone: SITE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Stockholm wall-clock fields of an instant, as ICU's zone data has them (any year). */
function intlParts(at: Date): StockholmParts {
  const parts = partsFormat().formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

const HOUR_MS = 3_600_000;
/** Since 1996 Sweden keeps the EU's summer time; before it the change dates differed (ICU's data then). */
const EU_RULE_SINCE = 1996;

/**
 * The EU summer time Sweden keeps: from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
 * Sunday of October the clock is UTC+2, else UTC+1. The one statement of the rule (issue 31):
 * stockholmParts counts from it, and the calendar files describe it (server/events/events.ics.ts).
 */
export const STOCKHOLM_SUMMER_TIME = {
  /** The months (0-11) on whose last Sunday summer time starts and ends. */
  startMonth: 2,
  endMonth: 9,
  /** The hour (UTC) of both changes. */
  changeHourUtc: 1,
  /** Hours ahead of UTC outside and inside summer time. */
  standardOffsetHours: 1,
  summerOffsetHours: 2,
} as const;

/** When EU summer time starts or ends in a year (its month, 0-11): the last Sunday's change hour, in ms. */
export function summerTimeChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, STOCKHOLM_SUMMER_TIME.changeHourUtc));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/**
 * The Stockholm wall-clock fields of an instant. From 1996 on they are counted from the EU rule (UTC+2
 * from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October, else UTC+1), not
 * asked of Intl: a page's first Intl formatter loads ICU, tens of milliseconds on a phone in the middle of
 * hydrating the page's dates (issue 17). time.test.ts holds the rule to ICU's data from 1996 to 2040.
 */
export function stockholmParts(at: Date): StockholmParts {
  const year = at.getUTCFullYear();
  // An invalid date (NaN) goes to Intl too, which throws a RangeError for it.
  if (!(year >= EU_RULE_SINCE)) return intlParts(at);
  const ms = at.getTime();
  const rule = STOCKHOLM_SUMMER_TIME;
  const summer = ms >= summerTimeChange(year, rule.startMonth) && ms < summerTimeChange(year, rule.endMonth);
  const wall = new Date(ms + (summer ? rule.summerOffsetHours : rule.standardOffsetHours) * HOUR_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The Stockholm date (YYYY-MM-DD) of an instant. */
export function stockholmDate(at: Date): string {
  const p = stockholmParts(at);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** Today's date (YYYY-MM-DD) in Stockholm, where the members live. */
export function stockholmToday(now = new Date()): string {
  return stockholmDate(now);
}

/** Whether two instants fall on the same calendar day in Stockholm. */
export function isSameStockholmDay(a: Date, b: Date): boolean {
  return stockholmDate(a) === stockholmDate(b);
}

/** Offset of Stockholm from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
export function stockholmOffsetMs(at: Date): number {
  const p = stockholmParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant Stockholm's day `date` (YYYY-MM-DD) begins. */
export function stockholmMidnight(date: string): Date {
  const naive = Date.parse(`${date}T00:00:00Z`);
  const guess = naive - stockholmOffsetMs(new Date(naive));
  return new Date(naive - stockholmOffsetMs(new Date(guess)));
}

/**
 * The instant the Stockholm month of `date` (YYYY-MM-DD) begins, moved by `months` whole months
 * (-1: the month before, 0: this month).
 */
export function stockholmMonthStart(date: string, months = 0): Date {
  const [y, m] = date.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  return stockholmMidnight(`${pad(first.getUTCFullYear(), 4)}-${pad(first.getUTCMonth() + 1)}-01`);
}

const dayTimeFormat = lazyFormat('sv-SE', {
  timeZone: SITE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

const longDateFormat = lazyFormat('sv-SE', {
  timeZone: SITE_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "24 november 2026" in Swedish time (receipts and account e-mails). */
export function formatStockholmLongDate(at: Date): string {
  return longDateFormat().format(at);
}

/** "lördag 6 juni kl. 09:00" in Swedish time (notices, e-mails and the server's messages). */
export function formatStockholmDayTime(at: Date): string {
  const text = dayTimeFormat().format(at);
  // Older ICU data leaves out the "kl.".
  return text.includes('kl.') ? text : text.replace(/ (\d\d:\d\d)$/, ' kl. $1');
}

/** "HH:mm" (24-hour) of an instant in Stockholm: a tee time as the organiser types it. */
export function stockholmClock(at: Date): string {
  const p = stockholmParts(at);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The instant of the Stockholm wall-clock time `clock` ("HH:mm") on the day `date` (YYYY-MM-DD), right
 * across the daylight-saving changes (a time that does not exist in spring moves one hour on).
 */
export function stockholmDateTime(date: string, clock: string): Date {
  const naive = Date.parse(`${date}T${clock}:00Z`);
  const guess = naive - stockholmOffsetMs(new Date(naive));
  return new Date(naive - stockholmOffsetMs(new Date(guess)));
}
