import { stockholmDate } from '../time';
import { MONTHS, WORDS } from '../vocabulary';

type Times = { startTime: string | Date; endTime: string | Date };
const at = (d: string | Date) => (typeof d === 'string' ? new Date(d) : d);

/** An event that spans more than one calendar day in Stockholm (a trip, 'resa'). */
export function isMultiDay(e: Times): boolean {
  const start = at(e.startTime);
  const end = at(e.endTime);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return false;
  return stockholmDate(end) > stockholmDate(start);
}

/** The word for one event: 'resa' for more than a day, otherwise 'evenemang' (decisions.md). */
export type EventKind = 'resa' | 'evenemang';
export const eventKind = (e: Times): EventKind => (isMultiDay(e) ? WORDS.trip : WORDS.event);

/** The forms of an event's word that pages need: 'Kommande resa', 'Om evenemanget', … */
export interface EventNouns {
  word: EventKind;
  /** 'resan' / 'evenemanget' */
  definite: string;
  /** 'Kommande resa' / 'Kommande evenemang' */
  upcoming: string;
  /** 'Tidigare resa' / 'Tidigare evenemang' */
  past: string;
  /** 'Om resan' / 'Om evenemanget' */
  about: string;
}

export function eventNouns(e: Times): EventNouns {
  if (eventKind(e) === 'resa')
    return {
      word: 'resa',
      definite: 'resan',
      upcoming: 'Kommande resa',
      past: 'Tidigare resa',
      about: 'Om resan',
    };
  return {
    word: 'evenemang',
    definite: 'evenemanget',
    upcoming: 'Kommande evenemang',
    past: 'Tidigare evenemang',
    about: 'Om evenemanget',
  };
}

/** The count of the events page, whatever kinds it lists: '1 evenemang hittades', '6 evenemang hittades'. */
export const eventCountText = (n: number) => `${n} ${WORDS.events} hittades`;

/**
 * The days of an event in Stockholm time, without the clock: '11–13 december', across months
 * '30 maj – 2 juni', across years '30 december 2026 – 2 januari 2027'; one day: '14 juni'. With
 * `year`, the year is added when the range does not already carry it ('11–13 december 2026').
 */
export function formatDayRange(e: Times, options: { year?: boolean } = {}): string {
  const start = at(e.startTime);
  const end = at(e.endTime);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const [sy, sm, sd] = stockholmDate(start).split('-').map(Number);
  const [ey, em, ed] = stockholmDate(end).split('-').map(Number);
  const suffix = options.year ? ` ${sy}` : '';
  if (sy !== ey) return `${sd} ${MONTHS[sm - 1]} ${sy} – ${ed} ${MONTHS[em - 1]} ${ey}`;
  if (end <= start || (sm === em && sd === ed)) return `${sd} ${MONTHS[sm - 1]}${suffix}`;
  if (sm === em) return `${sd}–${ed} ${MONTHS[sm - 1]}${suffix}`;
  return `${sd} ${MONTHS[sm - 1]} – ${ed} ${MONTHS[em - 1]}${suffix}`;
}

/** How many calendar days (Stockholm) an event touches: 3 for Friday to Sunday. */
export function calendarDays(e: Times): number {
  const day = (d: Date) => Date.parse(`${stockholmDate(d)}T00:00:00Z`);
  return Math.max(1, Math.round((day(at(e.endTime)) - day(at(e.startTime))) / 86_400_000) + 1);
}
