import { msg } from '@common/messages';
import type { PrivacySettings } from '@common/schemas/blocks';
import type { Actor } from '../auth/auth.policy';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { authorize, NotFoundError, ValidationError } from '../errors';
import './blocks.events';
import { canBlock, canSendDirectMessage } from './blocks.policy';
import {
  type BlockedMemberRow,
  bumpUsersChangeCounter,
  deleteBlock,
  findBlockedMember,
  findMessagingFacts,
  insertBlock,
  memberExists,
  updatePrivacyColumns,
} from './blocks.queries';

/**
 * Blocks a member: one row, in a transaction that also moves the users change counter (the directory and
 * profile caches) and publishes 'block.created' (notifications let the blocker's unread notices of that
 * member's messages go: no e-mail or push about them follows). Nobody is told. Blocking again changes
 * nothing (`created: false`).
 */
export async function blockMember(
  db: Db,
  blocker: Actor,
  userId: string,
): Promise<{ created: boolean; member: BlockedMemberRow }> {
  if (!canBlock(blocker, userId)) throw new ValidationError(msg.blockSelf);
  return db.transaction(async (tx) => {
    if (!(await memberExists(tx, userId))) throw new NotFoundError(msg.userNotFound);
    const pair = { blockerId: blocker.id, blockedId: userId };
    const created = await insertBlock(tx, pair);
    if (created) {
      await bumpUsersChangeCounter(tx);
      await publish(tx, 'block.created', pair);
    }
    const member = await findBlockedMember(tx, pair);
    // Only a concurrent removal of the member (ON DELETE CASCADE) gets here without a row.
    if (!member) throw new NotFoundError(msg.userNotFound);
    return { created, member };
  });
}

/** Removes the caller's own block of a member (404 when there is none: a block by the other stays). */
export async function unblockMember(db: Db, blocker: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteBlock(tx, { blockerId: blocker.id, blockedId: userId });
    if (!removed) throw new NotFoundError(msg.blockNotFound);
    await bumpUsersChangeCounter(tx);
  });
}

/**
 * Of the given members, who `sender` may write a direct message to now (blocks.policy.ts
 * canSendDirectMessage); unknown members are left out of the map.
 */
export async function directMessagePermissions(
  db: Db,
  sender: Actor,
  recipientIds: readonly string[],
): Promise<Map<string, boolean>> {
  const facts = await findMessagingFacts(db, sender.id, recipientIds);
  return new Map([...facts].map(([id, f]) => [id, canSendDirectMessage(sender, f)]));
}

/**
 * Throws unless `sender` may write to the member: 404 for an unknown member, 403 while a block separates
 * them or the member's 'Vem får skriva till mig' refuses the sender; one message for both, so a blocked
 * member cannot tell a block from a setting.
 */
export async function assertCanSendDirectMessage(db: Db, sender: Actor, receiverId: string): Promise<void> {
  const allowed = (await directMessagePermissions(db, sender, [receiverId])).get(receiverId);
  if (allowed === undefined) throw new NotFoundError(msg.userNotFound);
  authorize(allowed, msg.messageNotAccepted);
}

/** Saves the member's privacy settings (the users trigger moves the directory's change counter). */
export async function updatePrivacySettings(
  db: Db,
  userId: string,
  settings: PrivacySettings,
): Promise<Pick<UserRow, 'hiddenFromDirectory' | 'whoCanMessage' | 'meetAgainEnabled'>> {
  const row = await updatePrivacyColumns(db, userId, settings);
  if (!row) throw new NotFoundError(msg.userNotFound);
  return row;
}
