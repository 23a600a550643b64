import type { WhoCanMessage } from '@common/options';
import type { PrivacySettings } from '@common/schemas/blocks';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { userBlocks, users } from '../db/schema';
import type { MessagingFacts } from './blocks.policy';

/** A block as stored, with the blocked member's public name and avatar. */
export interface BlockedMemberRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  username: string | null;
  profileImageId: string | null;
  profileImageUrl: string | null;
  blockedAt: Date;
}

const blockedMemberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  fullName: users.fullName,
  username: users.username,
  profileImageId: users.profileImageId,
  profileImageUrl: users.profileImageUrl,
  blockedAt: userBlocks.createdAt,
};

export interface BlockPairParams {
  blockerId: string;
  blockedId: string;
}

/** Whether a member with this id exists (deleted accounts keep their row). */
export async function memberExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}

/** Saves a member's privacy settings; the saved values, or undefined for an unknown member. */
export async function updatePrivacyColumns(
  db: Db,
  userId: string,
  settings: PrivacySettings,
): Promise<Pick<UserRow, 'hiddenFromDirectory' | 'whoCanMessage' | 'meetAgainEnabled'> | undefined> {
  const [row] = await db
    .update(users)
    .set({
      hiddenFromDirectory: settings.hiddenFromDirectory,
      whoCanMessage: settings.whoCanMessage,
      // Left out of the request: unchanged.
      ...(settings.meetAgain === undefined ? {} : { meetAgainEnabled: settings.meetAgain }),
    })
    .where(eq(users.id, userId))
    .returning({
      hiddenFromDirectory: users.hiddenFromDirectory,
      whoCanMessage: users.whoCanMessage,
      meetAgainEnabled: users.meetAgainEnabled,
    });
  return row;
}

/** Stores a block unless it exists; answers whether a row was added. */
export async function insertBlock(db: Db, p: BlockPairParams): Promise<boolean> {
  const rows = await db
    .insert(userBlocks)
    .values({ blockerId: p.blockerId, blockedId: p.blockedId })
    .onConflictDoNothing()
    .returning({ blockedId: userBlocks.blockedId });
  return rows.length > 0;
}

/** Removes the blocker's block of a member; answers whether there was one. */
export async function deleteBlock(db: Db, p: BlockPairParams): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, p.blockerId), eq(userBlocks.blockedId, p.blockedId)))
    .returning({ blockedId: userBlocks.blockedId });
  return rows.length > 0;
}

/** The members a member has blocked (not those who blocked them), newest block first. */
export async function listBlockedMembers(db: Db, blockerId: string): Promise<BlockedMemberRow[]> {
  return db
    .select(blockedMemberColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), users.id);
}

/** One of the blocker's blocks with the member's public fields, or undefined. */
export async function findBlockedMember(db: Db, p: BlockPairParams): Promise<BlockedMemberRow | undefined> {
  const rows = await db
    .select(blockedMemberColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.blockerId, p.blockerId), eq(userBlocks.blockedId, p.blockedId)))
    .limit(1);
  return rows[0];
}

/**
 * The members a block separates from this one, in either direction (both indexes: the primary key
 * by blocker, user_blocks_blocked_idx by blocked).
 */
export async function findBlockedEitherWay(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({
      id: sql<string>`case when ${userBlocks.blockerId} = ${userId} then ${userBlocks.blockedId} else ${userBlocks.blockerId} end`,
    })
    .from(userBlocks)
    .where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  return [...new Set(rows.map((r) => r.id))];
}

/**
 * What decides whether `senderId` may write to each of the recipients (blocks.policy.ts
 * canSendDirectMessage), one statement for any number of recipients; unknown ids are absent. The
 * message and event lookups run only for recipients whose setting needs them.
 */
export async function findMessagingFacts(
  db: Db,
  senderId: string,
  recipientIds: readonly string[],
): Promise<Map<string, MessagingFacts>> {
  if (recipientIds.length === 0) return new Map();
  // Column names written out: Drizzle leaves a selected column unqualified, which the subqueries would bind
  // to their own tables (messages.id).
  const rows = await db
    .select({
      id: users.id,
      whoCanMessage: users.whoCanMessage,
      blocked: sql<boolean>`exists (
        select 1 from user_blocks b
        where (b.blocker_id = ${senderId} and b.blocked_id = users.id)
           or (b.blocker_id = users.id and b.blocked_id = ${senderId}))`,
      recipientWroteToSender: sql<boolean>`(users.who_can_message <> 'members' and exists (
        select 1 from messages m
        where m.sender_id = users.id and m.receiver_id = ${senderId} and not m.is_group_message))`,
      sharedEvent: sql<boolean>`(users.who_can_message = 'contacts' and exists (
        select 1 from event_registrations mine
        join event_registrations theirs
          on theirs.event_id = mine.event_id and theirs.user_id = ${senderId} and theirs.cancelled_at is null
        where mine.user_id = users.id and mine.cancelled_at is null))`,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(recipientIds)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        whoCanMessage: r.whoCanMessage as WhoCanMessage,
        blocked: Boolean(r.blocked),
        recipientWroteToSender: Boolean(r.recipientWroteToSender),
        sharedEvent: Boolean(r.sharedEvent),
      },
    ]),
  );
}

/** Two live registrations of one event whose members have blocked one another (either way). */
export interface EventBlockedPair {
  registrationIds: [number, number];
  userIds: [string, string];
}

/**
 * The blocked pairs among an event's live registrations (registered, offered or waitlisted): from the
 * event's registrations, each member's blocks by primary key, the other's live registration by the
 * unique (event, member) index. Each pair once, the lower registration id first.
 */
export async function findEventBlockedPairs(db: Db, eventId: number): Promise<EventBlockedPair[]> {
  const result = await db.execute(sql`
    select a.id as "a", b.id as "b", a.user_id as "aUser", b.user_id as "bUser"
    from event_registrations a
    join user_blocks k on k.blocker_id = a.user_id
    join event_registrations b
      on b.event_id = a.event_id and b.user_id = k.blocked_id and b.cancelled_at is null
    where a.event_id = ${eventId} and a.cancelled_at is null
  `);
  const rows = (result as unknown as { rows: { a: number; b: number; aUser: string; bUser: string }[] }).rows;
  const pairs = new Map<string, EventBlockedPair>();
  for (const r of rows) {
    const [lo, hi] = r.a < r.b ? [r, { a: r.b, aUser: r.bUser }] : [{ a: r.b, aUser: r.bUser }, r];
    const key = `${lo.a}|${hi.a}`;
    if (!pairs.has(key)) pairs.set(key, { registrationIds: [lo.a, hi.a], userIds: [lo.aUser, hi.aUser] });
  }
  return [...pairs.values()].sort(
    (x, y) => x.registrationIds[0] - y.registrationIds[0] || x.registrationIds[1] - y.registrationIds[1],
  );
}

/**
 * Moves the users change counter (server/db/change-watch.ts) in the caller's transaction, as the trigger
 * on `users` does (migration 0010), and announces it at commit. The directory and profile caches are
 * keyed by it, and they depend on the blocks too: every write of `user_blocks` must call this.
 */
export async function bumpUsersChangeCounter(tx: Db): Promise<void> {
  await tx.execute(sql`
    with bumped as (
      update cache_versions set version = version + 1 where name = 'users' returning version
    )
    select pg_notify('sg_users_cache', version::text) from bumped
  `);
}

/** The members a member has blocked, by id and name, with when (the member's data export). */
export async function listBlocksForExport(db: Db, blockerId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      blockedAt: userBlocks.createdAt,
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId));
}

/** Account deletion: every block by or of the member goes. */
export async function eraseMemberBlocks(tx: Db, userId: string): Promise<void> {
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
}
