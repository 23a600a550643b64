import { msg } from '@common/messages';
import { announcementNoticeTitle } from '@common/rules/notice-preview';
import type { announcementInputSchema } from '@common/schemas/announcements';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { NotFoundError } from '../errors';
import { lockEvent } from '../events/events.queries';
import { createNotificationsFor } from '../notifications/notifications.create';
import { type AnnouncementRow, audienceQuery, insertAnnouncement } from './announcements.queries';

export type { AnnouncementRow };

/**
 * Sends an organiser's announcement to the chosen part of an event: an `event_announcement` notice
 * each (in-app, and by e-mail and push as each member has chosen; on by default), the announcement
 * row with how many it reached, and the audit entry, in one transaction.
 */
export async function sendAnnouncement(
  db: Db,
  admin: UserRow,
  eventId: number,
  input: z.output<typeof announcementInputSchema>,
): Promise<AnnouncementRow> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event) throw new NotFoundError(msg.eventNotFound);
    const recipients = await createNotificationsFor(tx, audienceQuery(eventId, input.audience), {
      type: 'event_announcement',
      title: announcementNoticeTitle(event.title, input.subject),
      body: input.body,
      url: `/events/${eventId}`,
      data: { eventId, audience: input.audience },
    });
    const row = await insertAnnouncement(tx, {
      eventId,
      audience: input.audience,
      subject: input.subject,
      body: input.body,
      recipients,
      postedToChat: input.postToChat,
      createdBy: admin.id,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'event.announcement',
      targetType: 'event',
      targetId: eventId,
      details: {
        announcementId: row.id,
        audience: input.audience,
        recipients,
        postedToChat: input.postToChat,
      },
    });
    return row;
  });
}
