import { msg } from '@common/messages';
import type { UserRegistration } from '@common/schemas/registrations';
import { describe, expect, it } from 'vitest';
import { avatarFileError } from './avatar-upload';
import { splitRegistrations } from './my-events-tab';
import { interestList } from './profile-side-card';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-01T10:00:00Z');
const reg = (id: number, status: UserRegistration['status'], startOffsetDays: number, amountDue = 0) =>
  ({
    id,
    eventId: id,
    status,
    amountDue,
    paymentStatus: 'pending',
    groupId: null,
    event: {
      startTime: new Date(now.getTime() + startOffsetDays * DAY).toISOString(),
      endTime: new Date(now.getTime() + startOffsetDays * DAY + 3 * 3600_000).toISOString(),
    },
  }) as unknown as UserRegistration;

describe('Mina evenemang', () => {
  it('splits upcoming, waitlisted and past; past events go to Past whatever their status', () => {
    const { upcoming, waitlisted, past } = splitRegistrations(
      [
        reg(1, 'registered', 5),
        reg(2, 'waitlisted', 3),
        reg(3, 'registered', -10),
        reg(4, 'waitlisted', -3),
        reg(5, 'registered', 1),
      ],
      now,
    );
    expect(upcoming.map((r) => r.id)).toEqual([5, 1]);
    expect(waitlisted.map((r) => r.id)).toEqual([2]);
    expect(past.map((r) => r.id)).toEqual([4, 3]);
  });

  it('shows offers with the waitlist and a late cancellation while its fee is due', () => {
    const { upcoming, waitlisted } = splitRegistrations(
      [reg(1, 'offered', 4), reg(2, 'cancelled', 6, 500), reg(3, 'cancelled', 7, 0), reg(4, 'registered', 8)],
      now,
    );
    expect(waitlisted.map((r) => r.id)).toEqual([1]);
    expect(upcoming.map((r) => r.id)).toEqual([2, 4]);
  });
});

describe('avatar file rules', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'bild', { type });
  it('accepts jpeg, png, gif, webp and heic up to 3 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic']) {
      expect(avatarFileError(file(type, 3 * 1024 * 1024))).toBeNull();
    }
  });
  it('refuses a larger file and other types with the spec messages', () => {
    expect(avatarFileError(file('image/png', 3 * 1024 * 1024 + 1))).toBe(msg.imageTooLarge);
    expect(avatarFileError(file('image/svg+xml', 10))).toBe(msg.imageWrongType);
  });
});

describe('interests as badges', () => {
  it('splits the free text on commas and drops blanks', () => {
    expect(interestList('Golf, skidor,, vin ')).toEqual(['Golf', 'skidor', 'vin']);
    expect(interestList(null)).toEqual([]);
  });
});
