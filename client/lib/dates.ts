import { type StockholmParts, stockholmParts } from '@common/time';
import { MONTHS, MONTHS_SHORT, WEEKDAYS } from '@common/vocabulary';

// All times are shown in Swedish time (decisions.md), the zone's arithmetic in common/time.ts. The names
// are spelt as dayjs' 'sv' locale spells them, as the site showed them before: a page that only shows
// dates needs neither dayjs nor its time-zone plugin in the first bundle (issue 17); ./dayjs counts.
type DateInput = string | number | Date;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The Stockholm fields of an instant; null for a value that is no date (shown as nothing). */
function partsOf(d: DateInput): StockholmParts | null {
  const at = new Date(d);
  return Number.isNaN(at.getTime()) ? null : stockholmParts(at);
}

const weekday = (p: StockholmParts) => WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()];
const clock = (p: StockholmParts) => `${pad(p.hour)}:${pad(p.minute)}`;

function format(d: DateInput, show: (p: StockholmParts) => string): string {
  const p = partsOf(d);
  return p ? show(p) : '';
}

/** 'lördag 14 juni 2025' */
export function formatLongDate(d: DateInput): string {
  return format(d, (p) => `${weekday(p)} ${p.day} ${MONTHS[p.month - 1]} ${pad(p.year, 4)}`);
}

/** '14 juni 2025' */
export function formatDate(d: DateInput): string {
  return format(d, (p) => `${p.day} ${MONTHS[p.month - 1]} ${pad(p.year, 4)}`);
}

/** '09:30' */
export function formatTime(d: DateInput): string {
  return format(d, clock);
}

/** '14 jun 09:30': the one short date-and-time format of the site (messages, chats, lists). */
export function formatDayTime(d: DateInput): string {
  return format(d, (p) => `${p.day} ${MONTHS_SHORT[p.month - 1]} ${clock(p)}`);
}

/** '14 jun' */
export function formatDayMonth(d: DateInput): string {
  return format(d, (p) => `${p.day} ${MONTHS_SHORT[p.month - 1]}`);
}

/** 'fredag' */
export function formatWeekday(d: DateInput): string {
  return format(d, weekday);
}
