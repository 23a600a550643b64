import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { placesToPromote, registrationClosedReason, statusForNewRegistration } from './event-registration';

const now = new Date('2026-06-10T10:00:00Z');

describe('registrationClosedReason', () => {
  it('is open before the deadline and the end', () => {
    expect(
      registrationClosedReason(
        { status: 'upcoming', endTime: '2026-06-20T10:00:00Z', registrationDeadline: '2026-06-15T10:00:00Z' },
        now,
      ),
    ).toBeNull();
    expect(registrationClosedReason({ status: 'upcoming', endTime: '2026-06-20T10:00:00Z' }, now)).toBeNull();
    expect(registrationClosedReason({ status: 'ongoing', endTime: '2026-06-20T10:00:00Z' }, now)).toBeNull();
  });
  it('closes at the deadline', () => {
    expect(
      registrationClosedReason(
        { status: 'upcoming', endTime: '2026-06-20T10:00:00Z', registrationDeadline: now },
        now,
      ),
    ).toBe(msg.registrationDeadlinePassed);
  });
  it('closes once the event has ended, whatever the deadline', () => {
    expect(
      registrationClosedReason(
        { status: 'upcoming', endTime: '2026-06-10T09:59:59Z', registrationDeadline: null },
        now,
      ),
    ).toBe(msg.eventAlreadyEnded);
  });
  it('is closed for a cancelled or completed event, whatever the dates', () => {
    const open = { endTime: '2026-06-20T10:00:00Z', registrationDeadline: '2026-06-15T10:00:00Z' };
    expect(registrationClosedReason({ ...open, status: 'cancelled' }, now)).toBe('Evenemanget är inställt');
    expect(registrationClosedReason({ ...open, status: 'completed' }, now)).toBe('Evenemanget är avslutat');
    // The status says more than the dates.
    expect(
      registrationClosedReason(
        { status: 'cancelled', endTime: '2026-06-01T10:00:00Z', registrationDeadline: now },
        now,
      ),
    ).toBe(msg.eventCancelled);
  });
});

describe('statusForNewRegistration', () => {
  it('waitlists at or above the maximum', () => {
    expect(statusForNewRegistration(15, 16)).toBe('registered');
    expect(statusForNewRegistration(16, 16)).toBe('waitlisted');
    expect(statusForNewRegistration(20, 16)).toBe('waitlisted');
  });
});

describe('placesToPromote', () => {
  it('fills free places from the waitlist, never more than wait', () => {
    expect(placesToPromote(15, 16, 3)).toBe(1);
    expect(placesToPromote(12, 20, 3)).toBe(3);
    expect(placesToPromote(16, 16, 3)).toBe(0);
    expect(placesToPromote(18, 16, 3)).toBe(0);
  });
});
