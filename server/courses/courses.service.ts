import { msg } from '@common/messages';
import type { courseInputSchema } from '@common/schemas/courses';
import type { z } from 'zod';
import { audited } from '../audit/audit';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { NotFoundError } from '../errors';
import {
  type CourseValues,
  type CourseWithTees,
  deleteTeesExcept,
  findCourse,
  insertCourse,
  insertTees,
  lockCourse,
  parkTeeNames,
  type TeeValues,
  updateCourseRow,
  updateTee,
} from './courses.queries';

type CourseInput = z.output<typeof courseInputSchema>;

const courseValues = (input: CourseInput): CourseValues => ({
  name: input.name,
  club: input.club,
  location: input.location,
  latitude: input.latitude,
  longitude: input.longitude,
  holes: input.holes,
});

const teeValues = (tee: CourseInput['tees'][number], position: number): TeeValues => ({
  position,
  name: tee.name,
  color: tee.color,
  ratings: tee.ratings.map((r) => ({
    gender: r.gender,
    par: r.par,
    courseRating: r.courseRating,
    slope: r.slope,
  })),
  holes: tee.holesData.map((h) => ({
    number: h.number,
    par: h.par,
    strokeIndex: h.strokeIndex,
    lengthMeters: h.lengthMeters ?? null,
  })),
});

const auditDetails = (input: CourseInput) => ({
  name: input.name,
  club: input.club,
  holes: input.holes,
  tees: input.tees.map((t) => t.name),
});

/** Stores a new course with its tees (admins), audited in the same transaction. */
export async function createCourse(db: Db, admin: UserRow, input: CourseInput): Promise<CourseWithTees> {
  return audited(
    db,
    async (tx) => {
      const row = await insertCourse(tx, courseValues(input));
      await insertTees(tx, row.id, input.tees.map(teeValues));
      return (await findCourse(tx, row.id))!;
    },
    (course) => ({
      actorId: admin.id,
      action: 'course.create',
      targetType: 'course',
      targetId: course.id,
      details: auditDetails(input),
    }),
  );
}

/**
 * Replaces a course and its tees with what the admin saved (admins): a tee sent with its `id` keeps
 * it (events will name tees by id), a tee without one is new, a stored tee not sent is removed.
 * A tee id of another course is refused as not found. Audited in the same transaction.
 */
export async function updateCourse(
  db: Db,
  admin: UserRow,
  id: number,
  input: CourseInput,
): Promise<CourseWithTees> {
  return audited(
    db,
    async (tx) => {
      if (!(await lockCourse(tx, id))) throw new NotFoundError(msg.courseNotFound);
      const stored = new Set((await findCourse(tx, id))!.tees.map((t) => t.id));
      const keep = input.tees.flatMap((t) => (t.id === undefined ? [] : [t.id]));
      if (keep.some((teeId) => !stored.has(teeId))) throw new NotFoundError(msg.teeNotFound);
      const removing = [...stored].filter((teeId) => !keep.includes(teeId));
      // Events refuse the removal of a tee one of them plays from (409, their subscriber).
      if (removing.length > 0) await publish(tx, 'course.tees_removing', { courseId: id, teeIds: removing });
      await updateCourseRow(tx, id, courseValues(input));
      await deleteTeesExcept(tx, id, keep);
      await parkTeeNames(tx, id, keep);
      const fresh: TeeValues[] = [];
      for (const [position, tee] of input.tees.entries()) {
        if (tee.id === undefined) fresh.push(teeValues(tee, position));
        else await updateTee(tx, id, tee.id, teeValues(tee, position));
      }
      await insertTees(tx, id, fresh);
      return (await findCourse(tx, id))!;
    },
    (course) => ({
      actorId: admin.id,
      action: 'course.update',
      targetType: 'course',
      targetId: course.id,
      details: auditDetails(input),
    }),
  );
}
