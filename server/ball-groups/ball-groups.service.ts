import { msg } from '@common/messages';
import { generateBallGroups } from '@common/rules/ball-groups';
import type {
  BallGroup,
  BallGroupFiguresDto,
  GroupMember,
  PublishGroupsResult,
} from '@common/schemas/ball-groups';
import { findEventBlockedPairs } from '../blocks/blocks.queries';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { NotFoundError, ValidationError } from '../errors';
import { lockEvent } from '../events/events.queries';
import type { PublishedPlacement } from './ball-groups.events';
import { presentGroups, presentMember } from './ball-groups.presenter';
import {
  type BallGroupRow,
  eventExists,
  findGroup,
  findMember,
  listEventMembers,
  listGroups,
  type MemberRow,
  previousPairs,
  togetherUserPairs,
} from './ball-groups.queries';
import {
  assignGroups,
  deleteGroupById,
  replaceGroups,
  setBallGroupsPublishedAt,
  setRegistrationGroupId,
  updateGroupFields,
} from './group-changes.queries';
import { eventPlayingHandicaps } from './playing-handicaps';
import { extraTogetherPairs } from './together-sources';

/** The groups of an event with their members; 404 for an unknown event. */
export async function getEventGroups(db: Db, eventId: number): Promise<BallGroup[]> {
  if (!(await eventExists(db, eventId))) throw new NotFoundError(msg.eventNotFound);
  const [groups, members] = await Promise.all([listGroups(db, eventId), listEventMembers(db, eventId)]);
  return presentGroups(groups, members, await eventPlayingHandicaps(db, eventId, members));
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
    // (kept apart, decisions.md 'Trust, reach and safety') and who an admin asked to play together, or
    // matched as golf buddies in 'Vill ses igen' (issue 30; handed in by together-sources.ts).
    const pairs = await previousPairs(tx, eventId, event.startTime);
    const blocked = await findEventBlockedPairs(tx, eventId);
    const together = [
      ...(await togetherUserPairs(tx, eventId)),
      ...(await extraTogetherPairs(
        tx,
        field.map((m) => m.userId),
      )),
    ];
    const plan = generateBallGroups(
      field.map((m) => ({ id: m.id, userId: m.userId, handicap: m.handicap, gender: m.gender })),
      pairs,
      blocked.map((b) => b.userIds),
      together,
    );
    // The old groups go (everyone unassigned), the new ones are filled in one statement.
    const groupIds = await replaceGroups(
      tx,
      eventId,
      plan.groups.map((_, i) => `Bollgrupp ${i + 1}`),
    );
    await assignGroups(
      tx,
      eventId,
      plan.groups.flatMap((ids, i) => ids.map((id): [number, number] => [id, groupIds[i]])),
    );
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
  await deleteGroupById(db, groupId);
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
    await setRegistrationGroupId(tx, registrationId, groupId);
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
  await updateGroupFields(db, groupId, { teeTime });
  const groups = await getEventGroups(db, eventId);
  return groups.find((g) => g.id === groupId) as BallGroup;
}

/**
 * Publishes an event's ball groups: sets `ballGroupsPublishedAt` and, in the same transaction, publishes
 * 'ball-groups.published' with every placed member's group and tee time; its subscriber tells them (only
 * those whose group or tee time changed since the last publication) and answers how many it told.
 */
/** Why an event's groups cannot be published (the same answers for publishing and its preview). */
export function assertPublishable<E extends { status: string }>(
  event: E | undefined,
  groups: BallGroupRow[],
): asserts event is E {
  if (!event) throw new NotFoundError(msg.eventNotFound);
  if (event.status === 'cancelled') throw new ValidationError(msg.groupsPublishCancelled);
  if (groups.length === 0) throw new ValidationError(msg.groupsNoneToPublish);
}

/** Every registered member in a group, with the group's name and tee time. */
export function placementsOf(groups: BallGroupRow[], members: MemberRow[]): PublishedPlacement[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const placements: PublishedPlacement[] = [];
  for (const m of members) {
    const group = m.groupId === null ? undefined : byId.get(m.groupId);
    if (!group) continue;
    placements.push({ userId: m.userId, groupId: group.id, groupName: group.name, teeTime: group.teeTime });
  }
  return placements;
}

export async function publishGroups(db: Db, eventId: number): Promise<PublishGroupsResult> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const groups = event ? await listGroups(tx, eventId) : [];
    assertPublishable(event, groups);
    const publishedAt = new Date();
    await setBallGroupsPublishedAt(tx, eventId, publishedAt);
    const placements = placementsOf(groups, await listEventMembers(tx, eventId, true));
    const told = { count: 0 };
    await publish(tx, 'ball-groups.published', { eventId, eventTitle: event.title, placements, told });
    return { publishedAt: publishedAt.toISOString(), notified: told.count };
  });
}
