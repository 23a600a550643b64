import type { Course } from '@common/schemas/courses';
import { eventGolfFieldsSchema } from '@common/schemas/scoring';
import { describe, expect, it } from 'vitest';
import { eventGolfOf, initialGolfValues, teeOptions, toGolfPayload, validateGolf } from './golf-form-values';

const golf = {
  courseId: 4,
  courseName: 'Bro Hof Slott, Stadium',
  teeIds: { male: 11, female: null },
  scoringFormat: 'stroke_net' as const,
  handicapAllowance: 95,
  leaderboardHidden: true,
};

describe('golf form values', () => {
  it('round-trips an event’s golf settings into a payload the shared schema accepts', () => {
    const payload = toGolfPayload(initialGolfValues(golf));
    expect(payload).toEqual({
      courseId: 4,
      teeIds: { male: 11, female: null },
      scoringFormat: 'stroke_net',
      handicapAllowance: 95,
      leaderboardHidden: true,
    });
    expect(eventGolfFieldsSchema.safeParse(payload).success).toBe(true);
  });

  it('clears the scoring when no course is chosen, and starts new events at stableford 100 %', () => {
    const values = initialGolfValues(null);
    expect(values).toMatchObject({ courseId: '', scoringFormat: 'stableford', handicapAllowance: 100 });
    expect(toGolfPayload(values)).toEqual({ courseId: null, teeIds: null });
    expect(eventGolfFieldsSchema.safeParse(toGolfPayload(values)).success).toBe(true);
  });

  it('reads `golf` from an event that has it and null otherwise', () => {
    expect(eventGolfOf({ id: 1, golf })).toBe(golf);
    expect(eventGolfOf({ id: 1, golf: null })).toBeNull();
    expect(eventGolfOf({ id: 1 })).toBeNull();
  });

  it('asks for a tee and an allowance of 1-100 %', () => {
    const v = { ...initialGolfValues(null), courseId: '4' };
    expect(validateGolf(v)).toEqual({ 'golf.teeMale': 'Välj en tee för herrar eller damer' });
    expect(validateGolf({ ...v, teeFemale: '3', handicapAllowance: 120 })).toEqual({
      'golf.handicapAllowance': 'Handicapandelen ska vara 1–100 %',
    });
    expect(validateGolf({ ...v, teeFemale: '3' })).toEqual({});
    expect(validateGolf(initialGolfValues(null))).toEqual({});
  });

  it('offers the tees rated for a gender', () => {
    const course = {
      tees: [
        { id: 1, name: 'Gul', ratings: [{ gender: 'male' }] },
        { id: 2, name: 'Röd', ratings: [{ gender: 'female' }, { gender: 'male' }] },
      ],
    } as unknown as Course;
    expect(teeOptions(course, 'female')).toEqual([{ value: '2', label: 'Röd' }]);
    expect(teeOptions(course, 'male').map((o) => o.label)).toEqual(['Gul', 'Röd']);
    expect(teeOptions(undefined, 'male')).toEqual([]);
  });
});
