import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses, courseTees } from '../db/schema';

export type CourseRow = typeof courses.$inferSelect;
export type TeeRow = typeof courseTees.$inferSelect;
/** A course with its tees in the admin's order. */
export type CourseWithTees = CourseRow & { tees: TeeRow[] };

/** The columns of a course an admin writes. */
export type CourseValues = Pick<CourseRow, 'name' | 'club' | 'location' | 'latitude' | 'longitude' | 'holes'>;
/** The columns of a tee an admin writes. */
export type TeeValues = Pick<TeeRow, 'position' | 'name' | 'color' | 'ratings' | 'holes'>;

async function withTees(db: Db, rows: CourseRow[]): Promise<CourseWithTees[]> {
  if (rows.length === 0) return [];
  const tees = await db
    .select()
    .from(courseTees)
    .where(
      inArray(
        courseTees.courseId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(courseTees.courseId), asc(courseTees.position), asc(courseTees.id));
  return rows.map((r) => ({ ...r, tees: tees.filter((t) => t.courseId === r.id) }));
}

/** Every course with its tees, by name (two queries, whatever the number of courses). */
export async function listCourses(db: Db): Promise<CourseWithTees[]> {
  const rows = await db.select().from(courses).orderBy(asc(courses.name), asc(courses.id));
  return withTees(db, rows);
}

/** One course with its tees, or undefined. */
export async function findCourse(db: Db, id: number): Promise<CourseWithTees | undefined> {
  const rows = await db.select().from(courses).where(eq(courses.id, id));
  return (await withTees(db, rows))[0];
}

/** Locks a course's row for a change (two admins saving at once are applied one after the other). */
export async function lockCourse(tx: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
  return row;
}

/** Stores a new course and answers its row. */
export async function insertCourse(tx: Db, values: CourseValues): Promise<CourseRow> {
  const [row] = await tx.insert(courses).values(values).returning();
  return row;
}

/** Changes a course's own fields and stamps it as updated. */
export async function updateCourseRow(tx: Db, id: number, values: CourseValues): Promise<void> {
  await tx
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courses.id, id));
}

/** Stores new tees of a course. */
export async function insertTees(tx: Db, courseId: number, tees: TeeValues[]): Promise<void> {
  if (tees.length === 0) return;
  await tx.insert(courseTees).values(tees.map((t) => ({ ...t, courseId })));
}

/** Removes a course's tees other than `keepIds`. */
export async function deleteTeesExcept(tx: Db, courseId: number, keepIds: number[]): Promise<void> {
  const others = keepIds.length > 0 ? notInArray(courseTees.id, keepIds) : undefined;
  await tx.delete(courseTees).where(and(eq(courseTees.courseId, courseId), others));
}

/**
 * Gives kept tees a name no admin types ('~' and the id) before their new names are set, so that two
 * tees swapping names never meet the unique name index halfway.
 */
export async function parkTeeNames(tx: Db, courseId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(courseTees)
    .set({ name: sql`'~' || ${courseTees.id}` })
    .where(and(eq(courseTees.courseId, courseId), inArray(courseTees.id, ids)));
}

/** Changes one tee of a course and stamps it as updated. */
export async function updateTee(tx: Db, courseId: number, id: number, values: TeeValues): Promise<void> {
  await tx
    .update(courseTees)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(courseTees.courseId, courseId), eq(courseTees.id, id)));
}
