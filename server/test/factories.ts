import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { eventRegistrations, events, users } from '../db/schema';

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

/** Inserts an upcoming event (starts in 10 days, 5 hours long) unless overridden. */
export async function buildEvent(db: Db, overrides: Partial<typeof events.$inferInsert> = {}) {
  const start = new Date(Date.now() + 10 * DAY);
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
