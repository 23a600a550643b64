import { createHash } from 'node:crypto';
import type { BallGroupsPublished } from '../ball-groups/ball-groups.events';
import type { Db } from '../db/client';
import type { Subscriptions } from '../domain-events/domain-events';
import { formatNoticeTime } from './notice-format';
import { createNotifications, type NotificationDraft } from './notifications.create';

/**
 * Tells every placed member their group and tee time. The notice's dedupe key carries a hash of group
 * and tee time, so publishing again reaches only members whose group or tee time changed.
 */
async function notifyBallGroupsPublished(tx: Db, published: BallGroupsPublished): Promise<void> {
  const { eventId, eventTitle } = published;
  const drafts: NotificationDraft[] = published.placements.map((p) => {
    const tee = p.teeTime ? p.teeTime.toISOString() : '';
    const hash = createHash('sha256').update(`${p.groupId}|${p.groupName}|${tee}`).digest('hex').slice(0, 16);
    return {
      userId: p.userId,
      type: 'ball_groups_published',
      title: `Bollgrupper: ${eventTitle}`,
      body: p.teeTime
        ? `Du spelar i ${p.groupName} med start ${formatNoticeTime(p.teeTime)}.`
        : `Du spelar i ${p.groupName}.`,
      url: `/events/${eventId}`,
      data: { eventId, groupId: p.groupId, groupName: p.groupName, teeTime: tee || null },
      dedupeKey: `ball_groups_published:${eventId}:${hash}`,
    };
  });
  const inserted = await createNotifications(tx, drafts);
  published.told.count += inserted.length;
}

/** Notices for what ball-groups publishes (wired in server/app.ts). */
export const ballGroupSubscriptions: Subscriptions = {
  'ball-groups.published': notifyBallGroupsPublished,
};
