import { msg } from '@common/messages';
import { distributeTeeTimes } from '@common/rules/tee-times';
import type {
  BallGroup,
  DistributeTeeTimesInput,
  GenerateGroupsResult,
  UpdateGroupInput,
} from '@common/schemas/ball-groups';
import { stockholmDate, stockholmDateTime } from '@common/time';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { authorize, NotFoundError, ValidationError } from '../errors';
import { lockEvent } from '../events/events.queries';
import { canSeeBallGroups } from './ball-groups.policy';
import { presentGroups, presentGroupsForMember } from './ball-groups.presenter';
import { findGroup, findGroupsPublication, listEventMembers, listGroups } from './ball-groups.queries';
import { generateGroups } from './ball-groups.service';
import { type GroupChanges, setBallGroupsPublishedAt, updateGroupFields } from './group-changes.queries';
import { eventPlayingHandicaps } from './playing-handicaps';

/** The tee time instant of "HH:mm" in Swedish time on the Swedish date the event starts. */
const teeTimeOn = (eventStart: Date, clock: string) => stockholmDateTime(stockholmDate(eventStart), clock);

/**
 * An event's groups as a logged-in `actor` may see them: admins always, with payment status; members
 * only once the groups are published (403 before), without anyone's payment status. 404 for an unknown
 * event.
 */
export async function listGroupsFor(db: Db, eventId: number, actor: Actor): Promise<BallGroup[]> {
  const event = await findGroupsPublication(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  authorize(canSeeBallGroups(actor, event));
  const [groups, members] = await Promise.all([listGroups(db, eventId), listEventMembers(db, eventId)]);
  const list = presentGroups(groups, members, await eventPlayingHandicaps(db, eventId, members));
  return actor.role === 'admin' ? list : presentGroupsForMember(list);
}

/**
 * Changes a group's name, tee time ("HH:mm" on the event's start date in Swedish time; null clears it)
 * and starting hole (null clears it): whichever the input holds. 404 for a group of another event.
 */
export async function updateGroup(
  db: Db,
  eventId: number,
  groupId: number,
  input: UpdateGroupInput,
): Promise<BallGroup> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const group = await findGroup(tx, groupId);
    if (!group || group.eventId !== eventId) throw new NotFoundError(msg.groupNotFound);
    const set: GroupChanges = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.teeTime !== undefined)
      set.teeTime = input.teeTime === null ? null : teeTimeOn(event.startTime, input.teeTime);
    if (input.startingHole !== undefined) set.startingHole = input.startingHole;
    await updateGroupFields(tx, groupId, set);
    const [groups, members] = await Promise.all([listGroups(tx, eventId), listEventMembers(tx, eventId)]);
    return presentGroups(groups, members).find((g) => g.id === groupId) as BallGroup;
  });
}

/**
 * 'Fördela starttider': gives every group of the event, in their order (as generated), a tee time and a
 * starting hole (common/rules/tee-times.ts), in one transaction under the event's lock. 400 when the
 * event has no groups or the interval would run past midnight.
 */
export async function distributeGroupTeeTimes(
  db: Db,
  eventId: number,
  input: DistributeTeeTimesInput,
): Promise<BallGroup[]> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const groups = await listGroups(tx, eventId);
    if (groups.length === 0) throw new ValidationError(msg.groupsNoneForTeeTimes);
    const slots = distributeTeeTimes(groups.length, input);
    if (!slots) throw new ValidationError(msg.teeTimesPastMidnight);
    for (const [i, g] of groups.entries()) {
      await updateGroupFields(tx, g.id, {
        teeTime: teeTimeOn(event.startTime, slots[i].teeTime),
        startingHole: slots[i].startingHole,
      });
    }
    const [after, members] = await Promise.all([listGroups(tx, eventId), listEventMembers(tx, eventId)]);
    return presentGroups(after, members);
  });
}

/**
 * Generates new groups (replacing the old ones) and, in the same transaction, withdraws a publication:
 * the new groups are the organiser's draft until published again, and publishing them then notifies
 * every member anew (their group ids, and so the notices' dedupe keys, are new).
 */
export async function regenerateGroups(db: Db, eventId: number): Promise<GenerateGroupsResult> {
  return db.transaction(async (tx) => {
    const result = await generateGroups(tx, eventId);
    await setBallGroupsPublishedAt(tx, eventId, null);
    return result;
  });
}
