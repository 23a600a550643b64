import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import type { TogetherInput, TogetherPair } from '@common/schemas/ball-groups';
import { findEventBlockedPairs } from '../blocks/blocks.queries';
import type { Db } from '../db/client';
import { NotFoundError, ValidationError } from '../errors';
import {
  deleteTogether,
  eventExists,
  findLiveRegistrationsAmong,
  insertTogether,
  listTogether,
} from './ball-groups.queries';

type Names = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  username: string | null;
};

async function requireEvent(db: Db, eventId: number): Promise<void> {
  if (!(await eventExists(db, eventId))) throw new NotFoundError(msg.eventNotFound);
}

/** An event's play-together requests for the ball group manager; 404 for an unknown event. */
export async function listTogetherRequests(db: Db, eventId: number): Promise<TogetherPair[]> {
  await requireEvent(db, eventId);
  const rows = await listTogether(db, eventId);
  const member = (u: Names, registrationId: number | null) => ({
    userId: u.id,
    registrationId,
    name: displayName(u),
  });
  return rows.map((r) => ({
    members: [member(r.a, r.registrationA), member(r.b, r.registrationB)],
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * An admin's request that two registered members of the event play in one group (generation honours
 * it where the numbers allow, never for a blocked pair: 400). 201 when new, 200 when it was there.
 */
export async function addTogether(
  db: Db,
  eventId: number,
  input: TogetherInput,
  adminId: string,
): Promise<{ created: boolean; pair: [string, string] }> {
  await requireEvent(db, eventId);
  const regs = await findLiveRegistrationsAmong(db, eventId, input.registrationIds);
  if (regs.length !== 2 || regs.some((r) => r.status !== 'registered')) {
    throw new ValidationError(msg.togetherNotRegistered);
  }
  const [a, b] = regs.map((r) => r.userId).sort() as [string, string];
  if (a === b) throw new ValidationError(msg.togetherSame);
  const blocked = await findEventBlockedPairs(db, eventId);
  if (blocked.some((p) => p.userIds.includes(a) && p.userIds.includes(b))) {
    throw new ValidationError(msg.togetherBlocked);
  }
  const created = await insertTogether(db, { eventId, userA: a, userB: b, createdBy: adminId });
  return { created, pair: [a, b] };
}

/** Removes a play-together request (404 when there is none). */
export async function removeTogether(db: Db, eventId: number, userA: string, userB: string): Promise<void> {
  await requireEvent(db, eventId);
  if (!(await deleteTogether(db, eventId, userA, userB))) throw new NotFoundError(msg.togetherNotFound);
}
