import { createHash } from 'node:crypto';
import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import { NOTICE_PREVIEW_NAMES_MAX } from '@common/rules/notice-preview';
import type { PublishGroupsPreview } from '@common/schemas/ball-groups';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, notifications } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { formatNoticeTime } from '../notifications/notice-format';
import type { NotificationDraft } from '../notifications/notifications.create';
import { type BallGroupRow, listEventMembers, listGroups, type MemberRow } from './ball-groups.queries';

/** A group notice with the name of the member it goes to (for the organiser's preview). */
export type GroupNoticeDraft = NotificationDraft & { name: string };

/**
 * The notices publishing sends: each registered member in a group is told their group and tee time. The
 * dedupe key carries a hash of group and tee time, so publishing again reaches only members whose group
 * or tee time changed.
 */
export function groupNoticeDrafts(
  event: { id: number; title: string },
  groups: BallGroupRow[],
  members: MemberRow[],
): GroupNoticeDraft[] {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const drafts: GroupNoticeDraft[] = [];
  for (const m of members) {
    const group = m.groupId === null ? undefined : byId.get(m.groupId);
    if (!group) continue;
    const tee = group.teeTime ? group.teeTime.toISOString() : '';
    const hash = createHash('sha256').update(`${group.id}|${group.name}|${tee}`).digest('hex').slice(0, 16);
    drafts.push({
      userId: m.userId,
      name: displayName({ ...m, id: m.userId }),
      type: 'ball_groups_published',
      title: `Bollgrupper: ${event.title}`,
      body: group.teeTime
        ? `Du spelar i ${group.name} med start ${formatNoticeTime(group.teeTime)}.`
        : `Du spelar i ${group.name}.`,
      url: `/events/${event.id}`,
      data: { eventId: event.id, groupId: group.id, groupName: group.name, teeTime: tee || null },
      dedupeKey: `ball_groups_published:${event.id}:${hash}`,
    });
  }
  return drafts;
}

/** Why an event's groups cannot be published (the same answers as publishing gives). */
export function assertPublishable<E extends { status: string }>(
  event: E | undefined,
  groups: BallGroupRow[],
): asserts event is E {
  if (!event) throw new NotFoundError(msg.eventNotFound);
  if (event.status === 'cancelled') throw new ValidationError(msg.groupsPublishCancelled);
  if (groups.length === 0) throw new ValidationError(msg.groupsNoneToPublish);
}

/**
 * What publishing the groups now would do, changing nothing: the members it would notify (those without
 * this group and tee time's notice yet), the first names, how many already have theirs, and an example.
 */
export async function previewPublishGroups(db: Db, eventId: number): Promise<PublishGroupsPreview> {
  const [event] = await db
    .select({ id: events.id, title: events.title, status: events.status })
    .from(events)
    .where(eq(events.id, eventId));
  const groups = event ? await listGroups(db, eventId) : [];
  assertPublishable(event, groups);
  const drafts = groupNoticeDrafts(event, groups, await listEventMembers(db, eventId, true));
  const sent =
    drafts.length === 0
      ? []
      : await db
          .select({ userId: notifications.userId, dedupeKey: notifications.dedupeKey })
          .from(notifications)
          .where(
            and(
              inArray(
                notifications.userId,
                drafts.map((d) => d.userId),
              ),
              like(notifications.dedupeKey, `ball_groups_published:${eventId}:%`),
            ),
          );
  const known = new Set(sent.map((s) => `${s.userId}|${s.dedupeKey}`));
  const fresh = drafts.filter((d) => !known.has(`${d.userId}|${d.dedupeKey}`));
  const names = fresh.map((d) => d.name).sort((a, b) => a.localeCompare(b, 'sv'));
  return {
    count: fresh.length,
    names: names.slice(0, NOTICE_PREVIEW_NAMES_MAX),
    unchanged: drafts.length - fresh.length,
    example: fresh[0] ? { title: fresh[0].title, body: fresh[0].body } : null,
  };
}
