import { describe, expect, it } from 'vitest';
import { stockholmToday } from '../time';
import { ageFromBirthDate, isIsoDate } from './age';
import { inHandicapBand } from './handicap-band';
import { COMPLETENESS_CHECKS, completenessColor, profileCompleteness } from './profile-completeness';

describe('handicap bands', () => {
  it('puts each handicap in exactly one band, the gaps between bands closed', () => {
    const bands = ['0-5', '6-10', '11-15', '16-20', '21+'] as const;
    for (let h = -100; h <= 540; h++) {
      const value = h / 10;
      expect(bands.filter((b) => inHandicapBand(value, b))).toHaveLength(1);
      expect(inHandicapBand(value, 'all')).toBe(true);
    }
    expect(inHandicapBand(5.9, '0-5')).toBe(true);
    expect(inHandicapBand(6, '6-10')).toBe(true);
    expect(inHandicapBand(10.9, '6-10')).toBe(true);
    expect(inHandicapBand(11, '11-15')).toBe(true);
    expect(inHandicapBand(20.9, '16-20')).toBe(true);
    expect(inHandicapBand(21, '21+')).toBe(true);
    expect(inHandicapBand(-2.3, '0-5')).toBe(true);
  });

  it('shows a member without handicap only under all', () => {
    for (const b of ['0-5', '6-10', '11-15', '16-20', '21+'] as const) {
      expect(inHandicapBand(null, b)).toBe(false);
    }
    expect(inHandicapBand(null, 'all')).toBe(true);
  });
});

describe('age from birth date', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageFromBirthDate('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageFromBirthDate('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageFromBirthDate('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageFromBirthDate('2000-02-29', '2026-03-01')).toBe(26);
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('1990-06-15')).toBe(true);
    expect(isIsoDate('2023-02-30')).toBe(false);
    expect(isIsoDate('15/06/1990')).toBe(false);
    expect(isIsoDate('1990-6-15')).toBe(false);
  });

  it('takes today in Stockholm, not UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Stockholm.
    expect(stockholmToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });
});

describe('profile completeness', () => {
  const full = {
    firstName: 'Anna',
    lastName: 'Svensson',
    email: 'anna@example.se',
    handicap: 12.3,
    golfId: '123456-789',
    club: 'Bro Hof',
    gender: 'female',
    birthDate: '1980-01-01',
    civilStatus: 'single',
    children: 'Två',
    profession: 'Lärare',
    dream: 'Hole in one',
    lifeCircumstance: 'Lever livet',
    location: 'Stockholm',
    interests: 'Golf, resor',
    meetupInterests: ['Fika', 'Film', 'Resor'],
    lookingFor: ['Partner'],
    profileImageId: '00000000-0000-4000-8000-000000000000',
  };

  it('counts the same number of fields it tells', () => {
    const c = profileCompleteness(full);
    expect(c).toEqual({
      filled: COMPLETENESS_CHECKS.length,
      total: COMPLETENESS_CHECKS.length,
      percent: 100,
      color: 'green',
      missing: [],
    });
    const empty = profileCompleteness({});
    expect(empty).toMatchObject({ filled: 0, total: 17, percent: 0, color: 'red' });
    expect(empty.missing).toHaveLength(17);
    expect(profileCompleteness({ ...full, golfId: '', club: null }).missing).toEqual(['Golf-ID', 'Klubb']);
  });

  it('counts lists only once their minimum is reached, blanks never', () => {
    const c = profileCompleteness({
      ...full,
      meetupInterests: ['Fika', 'Film'],
      lookingFor: [],
      dream: '  ',
    });
    expect(c.filled).toBe(14);
  });

  it('colours red up to 30%, yellow up to 70%, green above', () => {
    expect(completenessColor(30)).toBe('red');
    expect(completenessColor(31)).toBe('yellow');
    expect(completenessColor(70)).toBe('yellow');
    expect(completenessColor(71)).toBe('green');
  });
});
