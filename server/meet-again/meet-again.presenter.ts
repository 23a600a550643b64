import type { MeetAgain, MeetAgainMatch } from '@common/schemas/meet-again';
import type { MatchRow, MeetAgainMemberRow, MeetAgainPersonRow } from './meet-again.queries';

/** A member's public name and avatar, field by field (nothing else leaves). */
function presentMember(m: MeetAgainMemberRow) {
  return {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    fullName: m.fullName,
    username: m.username,
    profileImageId: m.profileImageId,
    profileImageUrl: m.profileImageUrl,
  };
}

/** The caller's 'Vill ses igen' of an event: the window, and the people with the caller's own answers. */
export function presentMeetAgain(
  window: { opensAt: Date; closesAt: Date },
  open: boolean,
  enabled: boolean,
  people: MeetAgainPersonRow[],
): MeetAgain {
  return {
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    open,
    enabled,
    people: people.map((p) => ({ user: presentMember(p.member), choice: p.choice, match: p.match })),
  };
}

/** One of the caller's matches. */
export function presentMatch(row: MatchRow): MeetAgainMatch {
  return {
    id: row.id,
    member: presentMember(row.member),
    event: { id: row.event.id, title: row.event.title },
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
  };
}
