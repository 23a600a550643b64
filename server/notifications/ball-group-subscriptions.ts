import type { BallGroupsPublished } from '../ball-groups/ball-groups.events';
import type { Db } from '../db/client';
import type { Subscriptions } from '../domain-events/domain-events';
import { groupNoticeDrafts } from './ball-group-notices';
import { createNotifications } from './notifications.create';

/** Tells every placed member their group and tee time (only those whose group or tee time changed). */
async function notifyBallGroupsPublished(tx: Db, published: BallGroupsPublished): Promise<void> {
  const event = { id: published.eventId, title: published.eventTitle };
  const inserted = await createNotifications(tx, groupNoticeDrafts(event, published.placements));
  published.told.count += inserted.length;
}

/** Notices for what ball-groups publishes (wired in server/app.ts). */
export const ballGroupSubscriptions: Subscriptions = {
  'ball-groups.published': notifyBallGroupsPublished,
};
