import { msg } from '@common/messages';
import type { ReportTarget } from '@common/options';
import { displayName } from '@common/rules/display-name';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, images, messages, notifications, users } from '../db/schema';
import type { UserRow } from '../members/members.presenter';
import { canUseGroupChat } from '../messages/messages.policy';
import { findRegistrationStatus } from '../messages/messages.queries';

/** What a report is about: the member concerned and a copy of the content as it is now. */
export interface ReportSubject {
  targetUserId: string | null;
  snapshot: ReportSnapshot;
}

/** The copy of reported content kept with the report (the moderators see it even after removal). */
export interface ReportSnapshot {
  text?: string;
  name?: string;
  imageId?: string;
  eventTitle?: string;
  sentAt?: string;
  samples?: string[];
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const positiveInt = /^[1-9][0-9]{0,9}$/;

/** A profile's free texts as one text for the snapshot (what 'Ta bort innehållet' clears). */
function profileText(u: Pick<UserRow, 'profession' | 'dream' | 'interests' | 'lifeCircumstance'>): string {
  return [
    u.profession && `Yrke: ${u.profession}`,
    u.dream && `Golfdröm: ${u.dream}`,
    u.interests && `Intressen: ${u.interests}`,
    u.lifeCircumstance && `Livssituation: ${u.lifeCircumstance}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Finds what `reporter` reports, as far as the reporter can see it, or undefined (the same for
 * "does not exist" and "not yours to see", so a report cannot probe for others' messages):
 * - a member's profile (not deleted);
 * - a direct message the reporter received;
 * - a group-chat message of an event whose chat the reporter may read;
 * - an image attached to something (not a pending upload), not removed.
 */
export async function findReportSubject(
  db: Db,
  reporter: UserRow,
  targetType: ReportTarget,
  targetId: string,
): Promise<ReportSubject | undefined> {
  switch (targetType) {
    case 'user': {
      if (targetId.length > 100) return undefined;
      const [u] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, targetId), isNull(users.deletedAt)))
        .limit(1);
      if (!u) return undefined;
      const text = profileText(u);
      return {
        targetUserId: u.id,
        snapshot: {
          name: displayName(u),
          ...(text ? { text } : {}),
          ...(u.profileImageId ? { imageId: u.profileImageId } : {}),
        },
      };
    }
    case 'message':
    case 'group_message': {
      if (!positiveInt.test(targetId)) return undefined;
      const [m] = await db
        .select({
          senderId: messages.senderId,
          receiverId: messages.receiverId,
          eventId: messages.eventId,
          isGroupMessage: messages.isGroupMessage,
          content: messages.content,
          sentAt: messages.sentAt,
          senderFirst: users.firstName,
          senderLast: users.lastName,
          senderFull: users.fullName,
          senderUsername: users.username,
        })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(and(eq(messages.id, Number(targetId)), isNull(messages.removedAt)))
        .limit(1);
      if (!m) return undefined;
      const name = displayName({
        firstName: m.senderFirst,
        lastName: m.senderLast,
        fullName: m.senderFull,
        username: m.senderUsername,
      });
      const base = {
        targetUserId: m.senderId,
        snapshot: { text: m.content, name, sentAt: m.sentAt.toISOString() },
      };
      if (targetType === 'message') {
        return !m.isGroupMessage && m.receiverId === reporter.id ? base : undefined;
      }
      if (!m.isGroupMessage || m.eventId === null) return undefined;
      const participation = await findRegistrationStatus(db, m.eventId, reporter.id);
      if (!canUseGroupChat(reporter, participation)) return undefined;
      const [event] = await db.select({ title: events.title }).from(events).where(eq(events.id, m.eventId));
      return { ...base, snapshot: { ...base.snapshot, eventTitle: event?.title } };
    }
    case 'image': {
      if (!uuid.test(targetId)) return undefined;
      const [img] = await db
        .select({ id: images.id, entityId: images.entityId, uploadedBy: images.uploadedBy })
        .from(images)
        .where(and(eq(images.id, targetId), isNull(images.removedAt)))
        .limit(1);
      if (!img || img.entityId === 'pending') return undefined;
      return { targetUserId: img.uploadedBy, snapshot: { imageId: img.id } };
    }
  }
}

/**
 * 'Ta bort innehållet': hides the reported content everywhere. A message is marked removed (threads,
 * group chats and the conversation list leave it out or show that it was removed); an image is marked
 * removed (no longer served) and taken off the profile or event that shows it; a profile loses its
 * picture and free texts. The report keeps its copy.
 */
export async function removeReportedContent(
  tx: Db,
  targetType: ReportTarget,
  targetId: string,
): Promise<void> {
  const now = new Date();
  switch (targetType) {
    case 'message':
    case 'group_message':
      if (positiveInt.test(targetId)) {
        await tx
          .update(messages)
          .set({ removedAt: now })
          .where(and(eq(messages.id, Number(targetId)), isNull(messages.removedAt)));
        // The in-app notices that quote it (a direct message's, a group chat's first message) lose the quote.
        await tx
          .update(notifications)
          .set({ body: msg.messageRemoved })
          .where(
            and(
              inArray(notifications.type, ['direct_message', 'group_message']),
              or(
                sql`${notifications.data}->>'lastMessageId' = ${targetId}`,
                sql`${notifications.data}->>'firstMessageId' = ${targetId}`,
              ),
            ),
          );
      }
      return;
    case 'image':
      if (uuid.test(targetId)) await removeImage(tx, targetId, now);
      return;
    case 'user': {
      const [u] = await tx
        .select({ profileImageId: users.profileImageId })
        .from(users)
        .where(eq(users.id, targetId))
        .limit(1);
      if (!u) return;
      if (u.profileImageId) await removeImage(tx, u.profileImageId, now);
      await tx
        .update(users)
        .set({ profession: null, dream: null, interests: null, lifeCircumstance: null, updatedAt: now })
        .where(eq(users.id, targetId));
      return;
    }
  }
}

async function removeImage(tx: Db, imageId: string, now: Date): Promise<void> {
  await tx
    .update(images)
    .set({ removedAt: now })
    .where(and(eq(images.id, imageId), isNull(images.removedAt)));
  await tx
    .update(users)
    .set({ profileImageId: null, profileImageUrl: null, updatedAt: now })
    .where(eq(users.profileImageId, imageId));
  await tx
    .update(events)
    .set({ imageId: null, imageUrl: null, image: null })
    .where(eq(events.imageId, imageId));
}
