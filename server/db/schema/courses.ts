import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { COURSE_CLUB_MAX, COURSE_LOCATION_MAX, COURSE_NAME_MAX, TEE_NAME_MAX } from '../../../common/limits';
import type { RatingGender, TeeColor } from '../../../common/options';

/** A tee's rating for one gender, as stored in `course_tees.ratings`. */
export interface StoredTeeRating {
  gender: RatingGender;
  par: number;
  courseRating: number;
  slope: number;
}

/** One hole of a tee, as stored in `course_tees.holes`. */
export interface StoredHole {
  number: number;
  par: number;
  strokeIndex: number;
  lengthMeters: number | null;
}

/** Golf courses an event may be played on (issue 29), entered by admins. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: COURSE_NAME_MAX }).notNull(),
    club: varchar('club', { length: COURSE_CLUB_MAX }).notNull(),
    location: varchar('location', { length: COURSE_LOCATION_MAX }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    holes: smallint('holes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('courses_holes_9_or_18', sql`${t.holes} in (9, 18)`),
    check('courses_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('courses_longitude_range', sql`${t.longitude} between -180 and 180`),
    index('courses_name_idx').on(t.name),
  ],
);

/**
 * A course's tees. A tee is a row of its own because events will name tees (`teeIds`) and a tee keeps
 * its id when the course is edited. Its ratings (one per gender) and its holes are jsonb on the row:
 * they are always read and written whole with the tee, checked by the shared rules
 * (common/rules/course.ts) before they are stored, and never searched by a single hole.
 */
export const courseTees = pgTable(
  'course_tees',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The order the admin gave the tees, back to front as on the scorecard. */
    position: smallint('position').notNull(),
    name: varchar('name', { length: TEE_NAME_MAX }).notNull(),
    color: varchar('color', { length: 20 }).$type<TeeColor>().notNull(),
    ratings: jsonb('ratings').$type<StoredTeeRating[]>().notNull(),
    holes: jsonb('holes').$type<StoredHole[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_tees_course_idx').on(t.courseId, t.position),
    // Two tees of one name on a course would be indistinguishable on a start list.
    uniqueIndex('course_tees_course_name_unique').on(t.courseId, sql`lower(${t.name})`),
    check('course_tees_ratings_array', sql`jsonb_typeof(${t.ratings}) = 'array'`),
    check('course_tees_holes_array', sql`jsonb_typeof(${t.holes}) = 'array'`),
  ],
);
