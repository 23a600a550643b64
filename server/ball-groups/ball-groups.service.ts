import { msg } from '@common/messages';
import { generateBallGroups } from '@common/rules/ball-groups';
import type {
  BallGroup,
  BallGroupFiguresDto,
  GroupMember,
  PublishGroupsResult,
} from '@common/schemas/ball-groups';
import { eq, sql } from 'drizzle-orm';
import { findEventBlockedPairs } from '../blocks/blocks.queries';
import type { Db } from '../db/client';
import { ballGroups, eventRegistrations, events } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { lockEvent } from '../events/events.queries';
import { createNotifications } from '../notifications/notifications.create';
import { presentGroups, presentMember } from './ball-groups.presenter';
import {
  findGroup,
  findMember,
  listEventMembers,
  listGroups,
  previousPairs,
  togetherUserPairs,
} from './ball-groups.queries';
import { assertPublishable, groupNoticeDrafts } from './publish-notices';

/** The groups of an event with their members; 404 for an unknown event. */
export async function getEventGroups(db: Db, eventId: number): Promise<BallGroup[]> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new NotFoundError(msg.eventNotFound);
  const [groups, members] = await Promise.all([listGroups(db, eventId), listEventMembers(db, eventId)]);
  return presentGroups(groups, members);
}

/**
 * Generates the ball groups of an event from its registered members (common/rules/ball-groups.ts) and
 * replaces the existing ones, in one transaction under the event's row lock.
 */
export async function generateGroups(
  db: Db,
  eventId: number,
): Promise<{ groups: BallGroup[]; figures: BallGroupFiguresDto }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const field = await listEventMembers(tx, eventId, true);
    if (field.length === 0) throw new ValidationError(msg.groupsNoneRegistered);
    // Who shared a group in the last 12 months (weighted by how often), who have blocked one another
    // (kept apart, decisions.md 'Trust, reach and safety') and who an admin asked to play together.
    const pairs = await previousPairs(tx, eventId, event.startTime);
    const blocked = await findEventBlockedPairs(tx, eventId);
    const together = await togetherUserPairs(tx, eventId);
    const plan = generateBallGroups(
      field.map((m) => ({ id: m.id, userId: m.userId, handicap: m.handicap, gender: m.gender })),
      pairs,
      blocked.map((b) => b.userIds),
      together,
    );
    // Deleting the old groups unassigns everyone (foreign key ON DELETE SET NULL).
    await tx.delete(ballGroups).where(eq(ballGroups.eventId, eventId));
    const inserted = await tx
      .insert(ballGroups)
      .values(plan.groups.map((_, i) => ({ eventId, name: `Bollgrupp ${i + 1}` })))
      .returning({ id: ballGroups.id });
    // Every member's group in one statement (a round trip per group cost more than the generation).
    const assignments = plan.groups.flatMap((ids, i) =>
      ids.map((id) => sql`(${id}::int, ${inserted[i].id}::int)`),
    );
    if (assignments.length) {
      await tx.execute(sql`
        update event_registrations r set group_id = v.group_id
        from (values ${sql.join(assignments, sql`, `)}) as v(id, group_id)
        where r.id = v.id and r.event_id = ${eventId}`);
    }
    const [groups, members] = await Promise.all([listGroups(tx, eventId), listEventMembers(tx, eventId)]);
    return { groups: presentGroups(groups, members), figures: plan.figures };
  });
}

/** A group of the given event, or 404. */
async function groupOfEvent(db: Db, eventId: number, groupId: number) {
  const group = await findGroup(db, groupId);
  if (!group || group.eventId !== eventId) throw new NotFoundError(msg.groupNotFound);
  return group;
}

/** Deletes a group; its members become unassigned. */
export async function deleteGroup(db: Db, eventId: number, groupId: number): Promise<void> {
  await groupOfEvent(db, eventId, groupId);
  await db.delete(ballGroups).where(eq(ballGroups.id, groupId));
}

/**
 * Puts a registration in a group (move or add) or takes it out (null). The registration must belong to
 * the event; a group must belong to the same event; only registered (not waitlisted) members join one.
 */
export async function setRegistrationGroup(
  db: Db,
  eventId: number,
  registrationId: number,
  groupId: number | null,
): Promise<GroupMember> {
  return db.transaction(async (tx) => {
    const member = await findMember(tx, registrationId);
    if (!member || member.eventId !== eventId) throw new NotFoundError(msg.registrationNotFound);
    if (groupId !== null) {
      const group = await findGroup(tx, groupId);
      if (!group) throw new NotFoundError(msg.groupNotFound);
      if (group.eventId !== eventId) throw new ValidationError(msg.groupOtherEvent);
      if (member.status !== 'registered') throw new ValidationError(msg.groupOnlyRegistered);
    }
    await tx.update(eventRegistrations).set({ groupId }).where(eq(eventRegistrations.id, registrationId));
    return presentMember({ ...member, groupId });
  });
}

/** Sets or clears a group's tee time. */
export async function setGroupTeeTime(
  db: Db,
  eventId: number,
  groupId: number,
  teeTime: Date | null,
): Promise<BallGroup> {
  await groupOfEvent(db, eventId, groupId);
  await db.update(ballGroups).set({ teeTime }).where(eq(ballGroups.id, groupId));
  const groups = await getEventGroups(db, eventId);
  return groups.find((g) => g.id === groupId) as BallGroup;
}

/**
 * Publishes an event's ball groups: sets `ballGroupsPublishedAt` and, in the same transaction, tells
 * every registered member in a group their group and tee time (publish-notices.ts: publishing again
 * reaches only members whose group or tee time changed).
 */
export async function publishGroups(db: Db, eventId: number): Promise<PublishGroupsResult> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const groups = event ? await listGroups(tx, eventId) : [];
    assertPublishable(event, groups);
    const publishedAt = new Date();
    await tx.update(events).set({ ballGroupsPublishedAt: publishedAt }).where(eq(events.id, eventId));
    const members = await listEventMembers(tx, eventId, true);
    const drafts = groupNoticeDrafts(event, groups, members).map(({ name: _, ...d }) => d);
    const inserted = await createNotifications(tx, drafts);
    return { publishedAt: publishedAt.toISOString(), notified: inserted.length };
  });
}
