import { createHash } from 'node:crypto';
import { displayName } from '@common/rules/display-name';
import { NOTICE_PREVIEW_NAMES_MAX } from '@common/rules/notice-preview';
import type { PublishGroupsPreview } from '@common/schemas/ball-groups';
import type { PublishedPlacement } from '../ball-groups/ball-groups.events';
import { listEventMembers, listGroups } from '../ball-groups/ball-groups.queries';
import { assertPublishable, placementsOf } from '../ball-groups/ball-groups.service';
import type { Db } from '../db/client';
import { findEventSummary } from '../events/events.queries';
import { formatNoticeTime } from './notice-format';
import type { NotificationDraft } from './notifications.create';
import { findDedupeKeysLike } from './notifications.queries';

/**
 * The notices publishing an event's ball groups sends: each placed member is told their group and tee
 * time. The dedupe key carries a hash of group and tee time, so publishing again reaches only members
 * whose group or tee time changed.
 */
export function groupNoticeDrafts(
  event: { id: number; title: string },
  placements: PublishedPlacement[],
): NotificationDraft[] {
  return placements.map((p) => {
    const tee = p.teeTime ? p.teeTime.toISOString() : '';
    const hash = createHash('sha256').update(`${p.groupId}|${p.groupName}|${tee}`).digest('hex').slice(0, 16);
    return {
      userId: p.userId,
      type: 'ball_groups_published',
      title: `Bollgrupper: ${event.title}`,
      body: p.teeTime
        ? `Du spelar i ${p.groupName} med start ${formatNoticeTime(p.teeTime)}.`
        : `Du spelar i ${p.groupName}.`,
      url: `/events/${event.id}`,
      data: { eventId: event.id, groupId: p.groupId, groupName: p.groupName, teeTime: tee || null },
      dedupeKey: `ball_groups_published:${event.id}:${hash}`,
    };
  });
}

/**
 * What publishing the groups now would do, changing nothing: the members it would notify (those without
 * this group and tee time's notice yet), the first names, how many already have theirs, and an example.
 */
export async function previewPublishGroups(db: Db, eventId: number): Promise<PublishGroupsPreview> {
  const event = (await findEventSummary(db, eventId)) ?? undefined;
  const groups = event ? await listGroups(db, eventId) : [];
  assertPublishable(event, groups);
  const members = await listEventMembers(db, eventId, true);
  const drafts = groupNoticeDrafts(event, placementsOf(groups, members));
  const sent = await findDedupeKeysLike(
    db,
    drafts.map((d) => d.userId),
    `ball_groups_published:${eventId}:%`,
  );
  const known = new Set(sent.map((s) => `${s.userId}|${s.dedupeKey}`));
  const fresh = drafts.filter((d) => !known.has(`${d.userId}|${d.dedupeKey}`));
  const nameOf = new Map(members.map((m) => [m.userId, displayName({ ...m, id: m.userId })]));
  const names = fresh.map((d) => nameOf.get(d.userId) ?? '').sort((a, b) => a.localeCompare(b, 'sv'));
  return {
    count: fresh.length,
    names: names.slice(0, NOTICE_PREVIEW_NAMES_MAX),
    unchanged: drafts.length - fresh.length,
    example: fresh[0] ? { title: fresh[0].title, body: fresh[0].body } : null,
  };
}
