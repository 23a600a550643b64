import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { courses, courseTees, eventRegistrations, events, users } from '../db/schema';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Inserts a member; overrides win. */
export async function buildUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = unique();
  const firstName = overrides.firstName ?? 'Test';
  const lastName = overrides.lastName ?? `Person${id}`;
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${id}@example.se`,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      username: `user${id}`,
      ...overrides,
    })
    .returning();
  return row;
}

/** Inserts an admin. */
export const buildAdmin = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildUser(db, { role: 'admin', ...overrides });

/** Inserts a Pro member (admin-set Pro, no subscription). */
export const buildPro = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  buildUser(db, { membershipType: 'pro', ...overrides });

/**
 * Inserts an upcoming event, a round on one day unless overridden: 9-10 days ahead at 09:00 UTC (10:00 or
 * 11:00 in Stockholm), 5 hours long. Started at the time of day a test runs, an evening's run made a round
 * that ended after midnight in Stockholm: a trip by the product's rule (isMultiDay), with rooms and wishes.
 */
export async function buildEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  const start = new Date(Date.now() + 10 * DAY);
  start.setUTCHours(9, 0, 0, 0);
  const [row] = await db
    .insert(events)
    .values({
      title: `Golfdag ${unique()}`,
      location: 'Bro Hof Slott GK',
      startTime: start,
      endTime: new Date(start.getTime() + 5 * HOUR),
      maxParticipants: 16,
      registrationFee: 300,
      price: 300,
      ...overrides,
    })
    .returning();
  return row;
}

/** Inserts a registration. */
export async function buildRegistration(
  db: Db,
  overrides: Partial<typeof eventRegistrations.$inferInsert> & { eventId: number; userId: string },
) {
  const [row] = await db.insert(eventRegistrations).values(overrides).returning();
  return row;
}

/** A valid event form payload as the client sends it (POST/PUT /api/events); overrides win. */
export function eventFormPayload(over: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + 20 * DAY);
  return {
    title: 'Höstresa till Halmstad',
    description: 'Två dagar golf',
    location: 'Halmstad GK',
    maxParticipants: 16,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + 6 * HOUR).toISOString(),
    registrationDeadline: new Date(start.getTime() - 3 * DAY).toISOString(),
    status: 'upcoming',
    createdBy: 'ignored',
    price: 1200,
    notes: 'Buss från Göteborg',
    registrationFee: 500,
    greenFee: 700,
    greenFeeIncluded: false,
    coffeeIncluded: true,
    lunchIncluded: false,
    imageId: null,
    ...over,
  };
}

/** A valid body of PUT /api/users/{id} (the profile form), with a fresh e-mail address unless given. */
export const profileFormPayload = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Greta',
  lastName: 'Golf',
  username: 'greta',
  email: `greta-${Math.random().toString(36).slice(2)}@example.se`,
  handicap: '14.2',
  golfId: '850101-007',
  club: 'Östersund-Frösö GK',
  hasGolfstarMembership: true,
  hasGolfamoreCard: false,
  gender: 'female',
  birthDate: '1985-01-01',
  civilStatus: 'divorced',
  children: 'Två utflugna',
  profession: 'Sjuksköterska',
  dream: 'Spela Augusta',
  location: 'Östersund',
  lifeCircumstance: '',
  lookingFor: ['Partner', 'Resekompis'],
  meetupInterests: ['Fika', 'Resor', 'Film'],
  interests: 'Golf, skidor',
  ...overrides,
});

const NINE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5];
const NINE_STROKE_INDEXES = [3, 7, 9, 1, 5, 4, 8, 6, 2];

/** A valid course as an admin sends it (POST/PUT /api/admin/courses): one yellow tee rated for both genders. */
export function coursePayload(holes: 9 | 18 = 18, overrides: Record<string, unknown> = {}) {
  const pars = holes === 9 ? NINE_PARS : [...NINE_PARS, ...NINE_PARS];
  // The back nine gets the even indexes, the front nine the odd ones: a permutation of 1..18.
  const indexes =
    holes === 9
      ? NINE_STROKE_INDEXES
      : [...NINE_STROKE_INDEXES.map((s) => s * 2 - 1), ...NINE_STROKE_INDEXES.map((s) => s * 2)];
  const par = pars.reduce((a, b) => a + b, 0);
  return {
    name: `Testbanan ${unique()}`,
    club: 'Testklubbens GK',
    location: 'Testby',
    latitude: 59.33,
    longitude: 18.07,
    holes,
    tees: [
      {
        name: 'Gul',
        color: 'yellow',
        ratings: [
          { gender: 'male', par, courseRating: holes === 9 ? 35.6 : 71.2, slope: 130 },
          { gender: 'female', par, courseRating: holes === 9 ? 37.4 : 74.8, slope: 134 },
        ],
        holesData: pars.map((p, i) => ({
          number: i + 1,
          par: p,
          strokeIndex: indexes[i],
          lengthMeters: 280 + i * 10,
        })),
      },
    ],
    ...overrides,
  };
}

/** Inserts a course with the tee of `coursePayload`. */
export async function buildCourse(db: Db, holes: 9 | 18 = 18) {
  const p = coursePayload(holes);
  const [course] = await db
    .insert(courses)
    .values({
      name: p.name,
      club: p.club,
      location: p.location,
      latitude: p.latitude,
      longitude: p.longitude,
      holes,
    })
    .returning();
  const [tee] = await db
    .insert(courseTees)
    .values(
      p.tees.map((t, position) => ({
        courseId: course.id,
        position,
        name: t.name,
        color: 'yellow' as const,
        ratings: t.ratings.map((r) => ({ ...r, gender: r.gender as 'male' | 'female' })),
        holes: t.holesData.map((h) => ({ ...h, lengthMeters: h.lengthMeters })),
      })),
    )
    .returning();
  return { course, tee };
}
