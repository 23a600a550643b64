import { z } from 'zod';
import {
  COURSE_CLUB_MAX,
  COURSE_HOLE_COUNTS,
  COURSE_LOCATION_MAX,
  COURSE_NAME_MAX,
  COURSE_PAR_MAX,
  COURSE_PAR_MIN,
  COURSE_RATING_MAX,
  COURSE_RATING_MIN,
  COURSE_TEES_MAX,
  HOLE_LENGTH_MAX_METERS,
  SLOPE_MAX,
  SLOPE_MIN,
  TEE_NAME_MAX,
} from '../limits';
import { msg } from '../messages';
import { RATING_GENDERS, TEE_COLORS } from '../options';
import { courseProblems } from '../rules/course';

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: msg.courseTextTooLong });

const int = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** One decimal, as ratings are published (71.2); a float's noise (71.19999) is allowed. */
const oneDecimal = (v: number) => Math.abs(Math.round(v * 10) - v * 10) < 1e-6;

/** A tee's rating for one gender: its par, course rating and slope (WHS). */
export const teeRatingSchema = z.object({
  gender: z.enum(RATING_GENDERS, { error: msg.ratingGenderInvalid }),
  par: int(COURSE_PAR_MIN, COURSE_PAR_MAX, msg.courseParInvalid),
  // The 9-hole range (half) is let through here; courseProblems holds each course to its own range.
  courseRating: z
    .number({ error: msg.courseRatingInvalid })
    .min(COURSE_RATING_MIN / 2, { error: msg.courseRatingInvalid })
    .max(COURSE_RATING_MAX, { error: msg.courseRatingInvalid })
    .refine(oneDecimal, { error: msg.courseRatingInvalid }),
  slope: int(SLOPE_MIN, SLOPE_MAX, msg.slopeInvalid),
});

/** One hole of a tee: its number, par, stroke index (hcp-index) and, if known, its length. */
export const holeSchema = z.object({
  number: int(1, 18, msg.holeNumberOrder.replace('{n}', '18')),
  par: z.number({ error: msg.holeParInvalid }).int({ error: msg.holeParInvalid }),
  // Whole numbers here; whether they are 1..holes, each once, is for the course's rules to say.
  strokeIndex: z.number({ error: msg.strokeIndexNotInteger }).int({ error: msg.strokeIndexNotInteger }),
  lengthMeters: int(1, HOLE_LENGTH_MAX_METERS, msg.holeLengthInvalid).nullish(),
});

/** One tee of a course as an admin enters it; `id` names a tee that is already stored (PUT keeps it). */
export const teeInputSchema = z.object({
  id: z.number({ error: msg.courseIdInvalid }).int().positive().max(2_147_483_647).optional(),
  name: text(TEE_NAME_MAX, msg.teeNameRequired),
  color: z.enum(TEE_COLORS, { error: msg.teeColorInvalid }),
  ratings: z
    .array(teeRatingSchema, { error: msg.teeRatingsMin })
    .min(1, { error: msg.teeRatingsMin })
    .max(RATING_GENDERS.length, { error: msg.teeRatingGenderDuplicate }),
  holesData: z.array(holeSchema, { error: msg.holeCountMismatch.replace('{n}', '9 eller 18') }).max(18, {
    error: msg.holeCountMismatch.replace('{n}', '18'),
  }),
});
export type TeeInput = z.input<typeof teeInputSchema>;

/** POST /api/admin/courses and PUT /api/admin/courses/{id}: a course with all its tees (issue 29). */
export const courseInputSchema = z
  .object({
    name: text(COURSE_NAME_MAX, msg.courseNameRequired),
    club: text(COURSE_CLUB_MAX, msg.courseClubRequired),
    location: text(COURSE_LOCATION_MAX, msg.courseLocationRequired),
    latitude: z.number({ error: msg.latitudeInvalid }).min(-90, { error: msg.latitudeInvalid }).max(90, {
      error: msg.latitudeInvalid,
    }),
    longitude: z
      .number({ error: msg.longitudeInvalid })
      .min(-180, { error: msg.longitudeInvalid })
      .max(180, { error: msg.longitudeInvalid }),
    holes: z.union(
      COURSE_HOLE_COUNTS.map((n) => z.literal(n)),
      { error: msg.courseHolesInvalid },
    ),
    tees: z
      .array(teeInputSchema, { error: msg.courseTeesMin })
      .min(1, { error: msg.courseTeesMin })
      .max(COURSE_TEES_MAX, { error: msg.courseTeesMax }),
  })
  .superRefine((course, ctx) => {
    for (const problem of courseProblems(course))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type CourseInput = z.input<typeof courseInputSchema>;

const idParam = z.coerce
  .number({ error: msg.courseIdInvalid })
  .int({ error: msg.courseIdInvalid })
  .positive({ error: msg.courseIdInvalid })
  .max(2_147_483_647, { error: msg.courseIdInvalid });

/** Path parameter of every /api/admin/courses/{id} route. */
export const courseIdParamsSchema = z.object({ id: idParam });

/** A stored tee, as the API answers it. */
export const teeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.enum(TEE_COLORS),
  ratings: z.array(
    z.object({
      gender: z.enum(RATING_GENDERS),
      par: z.number(),
      courseRating: z.number(),
      slope: z.number(),
    }),
  ),
  holesData: z.array(
    z.object({
      number: z.number(),
      par: z.number(),
      strokeIndex: z.number(),
      lengthMeters: z.number().nullable(),
    }),
  ),
});
export type Tee = z.infer<typeof teeSchema>;

/** A stored course with its tees, as GET /api/courses and the admin routes answer it. */
export const courseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  club: z.string(),
  location: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  holes: z.union([z.literal(9), z.literal(18)]),
  tees: z.array(teeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;
