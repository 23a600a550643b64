import type { ReportTarget } from '@common/options';
import { displayName } from '@common/rules/display-name';
import type { UserRow } from '../auth/users.presenter';
import { findUserById } from '../auth/users.queries';
import type { Db } from '../db/client';
import { publish } from '../domain-events/domain-events';
import { findReportablePhoto, removeReportedPhoto } from '../event-photos/event-photos.service';
import { clearEventImage } from '../events/events.images.queries';
import { markImageRemoved } from '../images/images.queries';
import { clearProfileImage, clearProfileTexts } from '../members/members.queries';
import { markMessageRemoved } from '../messages/messages.moderation.queries';
import { canUseGroupChat } from '../messages/messages.policy';
import './reports.events';
import { findParticipation } from '../messages/messages.service';
import {
  findEventTitle,
  findLiveImage,
  findLiveMessageWithSender,
  findLiveUser,
} from './reports.targets.queries';

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
 * - an image attached to something (not a pending upload), not removed;
 * - a trip photo of an event whose photos the reporter may see (issue 30), not removed.
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
      const u = await findLiveUser(db, targetId);
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
      const m = await findLiveMessageWithSender(db, Number(targetId));
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
      const participation = await findParticipation(db, m.eventId, reporter.id);
      if (!canUseGroupChat(reporter, participation)) return undefined;
      const eventTitle = await findEventTitle(db, m.eventId);
      return { ...base, snapshot: { ...base.snapshot, eventTitle } };
    }
    case 'image': {
      if (!uuid.test(targetId)) return undefined;
      const img = await findLiveImage(db, targetId);
      if (!img || img.entityId === 'pending') return undefined;
      return { targetUserId: img.uploadedBy, snapshot: { imageId: img.id } };
    }
    case 'photo': {
      if (!uuid.test(targetId)) return undefined;
      const photo = await findReportablePhoto(db, reporter, targetId);
      if (!photo) return undefined;
      return {
        targetUserId: photo.uploadedBy,
        snapshot: {
          imageId: photo.imageId,
          text: photo.altText,
          eventTitle: photo.eventTitle,
          sentAt: photo.createdAt.toISOString(),
          ...(photo.uploaderDeleted
            ? {}
            : {
                name: displayName({
                  firstName: photo.uploaderFirst,
                  lastName: photo.uploaderLast,
                  fullName: photo.uploaderFull,
                  username: photo.uploaderUsername,
                }),
              }),
        },
      };
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
        await markMessageRemoved(tx, Number(targetId), now);
        // Notifications (above) let the notices that quote it lose the quote.
        await publish(tx, 'message.removed', { messageId: targetId });
      }
      return;
    case 'image':
      if (uuid.test(targetId)) await removeImage(tx, targetId, now);
      return;
    case 'photo':
      // Hidden for everyone; its image is no longer served.
      if (uuid.test(targetId)) await removeReportedPhoto(tx, targetId, now);
      return;
    case 'user': {
      const u = await findUserById(tx, targetId);
      if (!u) return;
      if (u.profileImageId) await removeImage(tx, u.profileImageId, now);
      await clearProfileTexts(tx, targetId, now);
      return;
    }
  }
}

/** An image is removed (no longer served) and taken off the profile or event that shows it. */
async function removeImage(tx: Db, imageId: string, now: Date): Promise<void> {
  await markImageRemoved(tx, imageId, now);
  await clearProfileImage(tx, imageId, now);
  await clearEventImage(tx, imageId);
}
