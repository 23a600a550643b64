import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { ageFromBirthDate } from '../rules/age';
import { profileUpdateSchema, userListQuerySchema } from './users';

const valid = {
  firstName: 'Anna',
  lastName: 'Svensson',
  email: 'anna@example.se',
  handicap: '12.3',
  golfId: '800101-001',
  club: 'Bro Hof Slott GK',
  gender: 'female',
  birthDate: '1980-01-01',
  civilStatus: 'single',
  children: 'Två vuxna barn',
  profession: 'Lärare',
  dream: 'Att spela St Andrews',
  location: 'Östersund',
  interests: 'Golf, vandring',
  meetupInterests: ['Fika', 'Film', 'Resor'],
  lookingFor: ['Partner'],
};

const firstError = (input: unknown) => {
  const r = profileUpdateSchema.safeParse(input);
  return r.success ? null : r.error.issues[0].message;
};

describe('profile form schema (spec §5)', () => {
  it('accepts a complete profile and derives fullName and age', () => {
    const r = profileUpdateSchema.parse({ ...valid, role: 'admin', membershipType: 'pro', age: 99 });
    expect(r.fullName).toBe('Anna Svensson');
    expect(r.age).toBe(ageFromBirthDate('1980-01-01'));
    expect(r.handicap).toBe(12.3);
    expect(r).not.toHaveProperty('role');
    expect(r).not.toHaveProperty('membershipType');
  });

  it.each([
    [{ firstName: 'A', lastName: '' }, msg.fullNameMin],
    [{ email: 'inte-en-adress' }, msg.emailInvalid],
    [{ handicap: -10.1 }, msg.handicapMin],
    [{ handicap: 54.1 }, msg.handicapMax],
    [{ handicap: 12.34 }, msg.handicapDecimals],
    [{ golfId: ' ' }, msg.golfIdRequired],
    [{ club: '' }, msg.clubRequired],
    [{ gender: '' }, msg.genderRequired],
    [{ birthDate: '' }, msg.birthDateRequired],
    [{ civilStatus: undefined }, msg.civilStatusRequired],
    [{ civilStatus: 'relationship' }, msg.civilStatusRequired],
    [{ children: '' }, msg.childrenRequired],
    [{ profession: '' }, msg.professionRequired],
    [{ dream: '' }, msg.dreamRequired],
    [{ location: '' }, msg.locationRequired],
    [{ interests: '' }, msg.interestsRequired],
    [{ meetupInterests: ['Fika', 'Film'] }, msg.meetupInterestsMin],
    [{ meetupInterests: ['Fika', 'Fika', 'Film'] }, msg.meetupInterestsMin],
    [{ meetupInterests: ['Fika', 'Film', 'Golfbollar'] }, msg.optionInvalid],
    [{ lookingFor: [] }, msg.lookingForMin],
  ])('refuses %j with its message', (change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });

  it('turns an empty handicap into null and accepts the bounds', () => {
    expect(profileUpdateSchema.parse({ ...valid, handicap: '' }).handicap).toBeNull();
    expect(profileUpdateSchema.parse({ ...valid, handicap: -10 }).handicap).toBe(-10);
    expect(profileUpdateSchema.parse({ ...valid, handicap: 54 }).handicap).toBe(54);
    // The site writes a plus handicap '+1,4'; typed back it is the index −1.4, not 1.4.
    expect(profileUpdateSchema.parse({ ...valid, handicap: '+1,4' }).handicap).toBe(-1.4);
    expect(profileUpdateSchema.safeParse({ ...valid, handicap: '+10,1' }).success).toBe(false);
  });

  it('refuses an age under 18 or over 120 from the birth date', () => {
    const today = new Date();
    const y = today.getFullYear();
    expect(firstError({ ...valid, birthDate: `${y - 17}-01-01` })).toBe(msg.ageMin);
    expect(firstError({ ...valid, birthDate: `${y - 125}-01-01` })).toBe(msg.ageMax);
    expect(firstError({ ...valid, birthDate: '1980-02-30' })).toBe(msg.birthDateInvalid);
  });
});

it('reports the name and age rules together with missing fields, for the form', () => {
  const r = profileUpdateSchema.safeParse({
    ...valid,
    firstName: 'A',
    lastName: '',
    golfId: '',
    birthDate: '2020-01-01',
  });
  expect(r.success).toBe(false);
  const messages = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  expect(messages).toEqual([
    `golfId: ${msg.golfIdRequired}`,
    `birthDate: ${msg.ageMin}`,
    `firstName: ${msg.fullNameMin}`,
  ]);
});

describe('directory query', () => {
  it('defaults to the first page of everyone', () => {
    expect(userListQuerySchema.parse({})).toEqual({
      gender: 'all',
      handicap: 'all',
      age: 'all',
      limit: 24,
      offset: 0,
    });
  });
  it('refuses unknown bands and oversize pages', () => {
    expect(userListQuerySchema.safeParse({ handicap: '5-9' }).success).toBe(false);
    expect(userListQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
  });
});
