import { describe, expect, it } from 'vitest';
import { type AvailabilityFacts, eventAvailability, takesRegistrations } from './event-phase';
import { registrationClosedReason } from './event-registration';

const now = new Date('2026-11-25T12:00:00Z');
const day = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * day).toISOString();
const base: AvailabilityFacts & { status: 'upcoming' } = {
  status: 'upcoming',
  startTime: at(10),
  endTime: at(11),
  registeredCount: 3,
  maxParticipants: 20,
};

describe('eventAvailability (issue 18: one rule for every badge and button)', () => {
  it('says where an event stands, in order', () => {
    expect(eventAvailability({ ...base, status: 'cancelled' }, now)).toBe('cancelled');
    expect(eventAvailability({ ...base, startTime: at(-3), endTime: at(-2) }, now)).toBe('past');
    expect(eventAvailability({ ...base, status: 'completed' }, now)).toBe('past');
    expect(eventAvailability({ ...base, registrationDeadline: at(-1) }, now)).toBe('closed');
    expect(eventAvailability({ ...base, registrationOpensAt: at(2) }, now)).toBe('not_open');
    expect(eventAvailability({ ...base, startTime: at(-1) }, now)).toBe('ongoing');
    expect(eventAvailability({ ...base, registeredCount: 20 }, now)).toBe('full');
    expect(eventAvailability({ ...base, registeredCount: 17 }, now)).toBe('few');
    expect(eventAvailability(base, now)).toBe('open');
  });

  it('never calls a past event open, whatever its counts', () => {
    const past = { ...base, startTime: at(-3), endTime: at(-2), registeredCount: 0 };
    expect(eventAvailability(past, now)).toBe('past');
    expect(takesRegistrations(eventAvailability(past, now))).toBe(false);
  });

  it('takes registrations exactly when the server does', () => {
    const cases: AvailabilityFacts[] = [
      base,
      { ...base, status: 'cancelled' },
      { ...base, status: 'completed' },
      { ...base, startTime: at(-3), endTime: at(-2) },
      { ...base, startTime: at(-1) },
      { ...base, registrationDeadline: at(-1) },
      { ...base, registrationDeadline: at(1) },
      { ...base, registrationOpensAt: at(1) },
      { ...base, registeredCount: 25 },
    ];
    for (const e of cases) {
      const server =
        registrationClosedReason({ ...e, status: (e.status ?? 'upcoming') as 'upcoming' }, now) === null;
      expect(takesRegistrations(eventAvailability(e, now)), JSON.stringify(e)).toBe(server);
    }
  });
});
