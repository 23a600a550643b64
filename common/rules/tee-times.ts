/**
 * Tee times of ball groups: "HH:mm" clock times (Swedish time on the event's day) and how 'Fördela
 * starttider' spreads them over the groups. Pure functions; the server stores instants.
 */
import { stockholmClock } from '../time';

/** Holes on the course a shotgun start spreads over. */
export const COURSE_HOLES = 18;

/** A 24-hour clock time "HH:mm" (00:00–23:59). */
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const TEE_TIME_MODES = ['interval', 'shotgun'] as const;
export type TeeTimeMode = (typeof TEE_TIME_MODES)[number];
export const TEE_TIME_MODE_LABELS: Record<TeeTimeMode, string> = {
  interval: 'Med intervall från hål 1',
  shotgun: 'Kanonstart (alla samtidigt)',
};

/** Minutes since midnight of "HH:mm". */
export function clockMinutes(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return h * 60 + m;
}

/** "HH:mm" of minutes since midnight (0–1439). */
export function minutesClock(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * The first tee time 'Fördela starttider' offers: the event's own start in Swedish time (a 16:30
 * after-work round starts at 16:30, not at a fixed morning hour), or 09:00 when the start is unknown.
 */
export function defaultFirstTeeTime(eventStart: string | undefined): string {
  const at = eventStart ? new Date(eventStart) : null;
  return at && !Number.isNaN(at.getTime()) ? stockholmClock(at) : '09:00';
}

/** One group's place in the start order. */
export interface TeeSlot {
  teeTime: string;
  startingHole: number;
}

/**
 * The tee time and starting hole of each of `groupCount` groups, in order.
 * - interval: the first group at `firstTeeTime`, each next one `intervalMinutes` later, all from hole 1;
 *   null when the last one would pass midnight (the day has no room for them all).
 * - shotgun: every group at `firstTeeTime`, on holes 1, 2, 3 …; past 18 groups the holes are used a
 *   second time (group 19 is the second group on hole 1, as at a shotgun start with 'A' and 'B' groups).
 */
export function distributeTeeTimes(
  groupCount: number,
  opts: { firstTeeTime: string; intervalMinutes: number; mode: TeeTimeMode },
): TeeSlot[] | null {
  const first = clockMinutes(opts.firstTeeTime);
  if (opts.mode === 'shotgun') {
    return Array.from({ length: groupCount }, (_, i) => ({
      teeTime: opts.firstTeeTime,
      startingHole: (i % COURSE_HOLES) + 1,
    }));
  }
  const last = first + (groupCount - 1) * opts.intervalMinutes;
  if (groupCount > 0 && last >= 24 * 60) return null;
  return Array.from({ length: groupCount }, (_, i) => ({
    teeTime: minutesClock(first + i * opts.intervalMinutes),
    startingHole: 1,
  }));
}
