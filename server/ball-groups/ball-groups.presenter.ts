import { displayName } from '@common/rules/display-name';
import type { BallGroup, GroupMember } from '@common/schemas/ball-groups';
import { stockholmClock } from '@common/time';
import type { BallGroupRow, MemberRow } from './ball-groups.queries';
import type { PlayerHandicaps } from './playing-handicaps';

/** A registration as a group member row (with course and playing handicap when the event has a course). */
export function presentMember(m: MemberRow, handicaps?: ReadonlyMap<string, PlayerHandicaps>): GroupMember {
  const h = handicaps?.get(m.userId);
  return {
    // An empty map: the event names no course, so the fields (and the view's column) stay out.
    ...(handicaps?.size
      ? { courseHandicap: h?.courseHandicap ?? null, playingHandicap: h?.playingHandicap ?? null }
      : {}),
    id: m.id,
    userId: m.userId,
    name: displayName({ ...m, id: m.userId }),
    handicap: m.handicap === null ? null : Number(m.handicap),
    gender: m.gender,
    paymentStatus: m.paymentStatus,
    groupId: m.groupId,
  };
}

const byHandicap = (a: GroupMember, b: GroupMember) =>
  (a.handicap ?? Number.POSITIVE_INFINITY) - (b.handicap ?? Number.POSITIVE_INFINITY) || a.id - b.id;

/**
 * Groups with their members (by handicap) and real statistics from the members' profiles; with
 * `handicaps` (an event with a course) each member's course and playing handicap.
 */
export function presentGroups(
  groups: BallGroupRow[],
  members: MemberRow[],
  handicaps?: ReadonlyMap<string, PlayerHandicaps>,
): BallGroup[] {
  return groups.map((g) => {
    const list = members
      .filter((m) => m.groupId === g.id)
      .map((m) => presentMember(m, handicaps))
      .sort(byHandicap);
    const known = list.filter((m) => m.handicap !== null).map((m) => m.handicap as number);
    return {
      id: g.id,
      eventId: g.eventId,
      name: g.name,
      teeTime: g.teeTime ? g.teeTime.toISOString() : null,
      teeTimeLocal: g.teeTime ? stockholmClock(g.teeTime) : null,
      startingHole: g.startingHole,
      createdAt: g.createdAt.toISOString(),
      members: list,
      stats: {
        memberCount: list.length,
        male: list.filter((m) => m.gender === 'male').length,
        female: list.filter((m) => m.gender === 'female').length,
        other: list.filter((m) => m.gender === 'other').length,
        averageHandicap: known.length
          ? Math.round((known.reduce((s, x) => s + x, 0) / known.length) * 10) / 10
          : null,
      },
    };
  });
}

/** The groups as a member sees them once published: no payment status of anyone (decisions.md). */
export function presentGroupsForMember(groups: BallGroup[]): BallGroup[] {
  return groups.map((g) => ({ ...g, members: g.members.map((m) => ({ ...m, paymentStatus: null })) }));
}
