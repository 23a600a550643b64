import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ballGroups, eventRegistrations, events } from '../db/schema';

/** What a change of a group may set: its name, tee time and starting hole. */
export type GroupChanges = Partial<Pick<typeof ballGroups.$inferInsert, 'name' | 'teeTime' | 'startingHole'>>;

/**
 * Replaces an event's groups with new ones of the given names, in order; answers their ids in the same
 * order. Deleting the old groups unassigns everyone (foreign key ON DELETE SET NULL).
 */
export async function replaceGroups(tx: Db, eventId: number, names: string[]): Promise<number[]> {
  await tx.delete(ballGroups).where(eq(ballGroups.eventId, eventId));
  if (names.length === 0) return [];
  const inserted = await tx
    .insert(ballGroups)
    .values(names.map((name) => ({ eventId, name })))
    .returning({ id: ballGroups.id });
  return inserted.map((g) => g.id);
}

/**
 * Puts registrations of an event in groups, `[registrationId, groupId]` each, in one statement (a round
 * trip per group cost more than the generation).
 */
export async function assignGroups(tx: Db, eventId: number, assignments: [number, number][]): Promise<void> {
  if (assignments.length === 0) return;
  const values = assignments.map(([id, groupId]) => sql`(${id}::int, ${groupId}::int)`);
  await tx.execute(sql`
    update event_registrations r set group_id = v.group_id
    from (values ${sql.join(values, sql`, `)}) as v(id, group_id)
    where r.id = v.id and r.event_id = ${eventId}`);
}

/** Sets a registration's group (null takes it out of its group). */
export async function setRegistrationGroupId(
  db: Db,
  registrationId: number,
  groupId: number | null,
): Promise<void> {
  await db.update(eventRegistrations).set({ groupId }).where(eq(eventRegistrations.id, registrationId));
}

/** Changes a group's name, tee time and/or starting hole. */
export async function updateGroupFields(db: Db, groupId: number, changes: GroupChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(ballGroups).set(changes).where(eq(ballGroups.id, groupId));
}

/** Deletes a group; its members become unassigned (ON DELETE SET NULL). */
export async function deleteGroupById(db: Db, groupId: number): Promise<void> {
  await db.delete(ballGroups).where(eq(ballGroups.id, groupId));
}

/** Marks an event's ball groups published at `at`, or withdraws the publication (null). */
export async function setBallGroupsPublishedAt(db: Db, eventId: number, at: Date | null): Promise<void> {
  await db.update(events).set({ ballGroupsPublishedAt: at }).where(eq(events.id, eventId));
}
