import { describe, expect, it } from 'vitest';
import { FEW_SPOTS_RATIO } from '../limits';
import { msg } from '../messages';
import { EVENT_STATUSES, type EventStatus } from '../options';
import { formatStockholmDayTime } from '../time';
import { type Availability, type AvailabilityFacts, eventAvailability } from './event-phase';
import { registrationClosedReason } from './event-registration';
import { registrationClosure } from './registration-window';

const ms = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/** registrationClosedReason as it was before issue 31, kept here to hold the shared list to it. */
function closedReasonBefore(e: AvailabilityFacts & { status: EventStatus }, now: Date): string | null {
  if (e.status === 'cancelled') return msg.eventCancelled;
  if (e.status === 'completed') return msg.eventCompleted;
  const t = now.getTime();
  if (ms(e.endTime) <= t) return msg.eventAlreadyEnded;
  if (e.registrationDeadline && ms(e.registrationDeadline) <= t) return msg.registrationDeadlinePassed;
  if (e.registrationOpensAt && ms(e.registrationOpensAt) > t) {
    return `${msg.registrationNotOpenYet} ${formatStockholmDayTime(new Date(ms(e.registrationOpensAt)))}`;
  }
  return null;
}

/** eventAvailability as it was before issue 31. */
function availabilityBefore(e: AvailabilityFacts, now: Date): Availability {
  const t = now.getTime();
  if (e.status === 'cancelled') return 'cancelled';
  if (ms(e.endTime) <= t || e.status === 'completed') return 'past';
  if (e.registrationDeadline && ms(e.registrationDeadline) <= t) return 'closed';
  if (e.registrationOpensAt && ms(e.registrationOpensAt) > t) return 'not_open';
  if (ms(e.startTime) <= t) return 'ongoing';
  const max = e.maxParticipants;
  if (max && e.registeredCount >= max) return 'full';
  if (max && e.registeredCount >= max * FEW_SPOTS_RATIO) return 'few';
  return 'open';
}

const now = new Date('2026-11-25T12:00:00Z');
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
/** Past, exactly now, and future, as a string and as a Date (both shapes reach the rules). */
const instants = [at(-5), now.toISOString(), at(5), new Date(at(-5)), new Date(at(5))];
const optional = [null, undefined, ...instants];

/** Every combination of status, start, end, deadline, opening time and counts. */
function* allFacts(): Generator<AvailabilityFacts & { status: EventStatus }> {
  for (const status of EVENT_STATUSES)
    for (const startTime of instants)
      for (const endTime of instants)
        for (const registrationDeadline of optional)
          for (const registrationOpensAt of optional)
            for (const [registeredCount, maxParticipants] of [
              [0, 20],
              [17, 20],
              [20, 20],
              [25, 20],
              [3, null],
              [3, 0],
            ] as const)
              yield {
                status,
                startTime,
                endTime,
                registrationDeadline,
                registrationOpensAt,
                registeredCount,
                maxParticipants,
              };
}

describe('the ordered list of reasons registration is closed (issue 31)', () => {
  it('gives the server the same refusal as before, for every combination', () => {
    let n = 0;
    for (const e of allFacts()) {
      expect(registrationClosedReason(e, now), JSON.stringify(e)).toBe(closedReasonBefore(e, now));
      n++;
    }
    expect(n).toBeGreaterThan(10_000);
  });

  it('gives every badge the same availability as before, for every combination', () => {
    for (const e of allFacts()) {
      expect(eventAvailability(e, now), JSON.stringify(e)).toBe(availabilityBefore(e, now));
      expect(eventAvailability({ ...e, status: undefined }, now)).toBe(
        availabilityBefore({ ...e, status: undefined }, now),
      );
    }
  });

  it('lets the status win over the dates, and the end over the deadline', () => {
    const over = { endTime: at(-1), registrationDeadline: at(-2), registrationOpensAt: at(3) };
    expect(registrationClosure({ ...over, status: 'cancelled' }, now)).toBe('cancelled');
    expect(registrationClosure({ ...over, status: 'completed' }, now)).toBe('completed');
    expect(registrationClosure({ ...over, status: 'upcoming' }, now)).toBe('ended');
    expect(registrationClosure({ ...over, endTime: at(9) }, now)).toBe('deadline_passed');
    expect(registrationClosure({ endTime: at(9), registrationOpensAt: at(3) }, now)).toBe('not_open');
    expect(registrationClosure({ endTime: at(9), registrationOpensAt: at(-3) }, now)).toBeNull();
  });
});
