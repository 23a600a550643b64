import type { Gender, RoomWish } from '../options';

/** One participant of a trip as the automatic rooming sees them. */
export interface RoomingParticipant {
  /** The member's id. */
  id: string;
  gender: Gender | null;
  age: number | null;
  wish: RoomWish | null;
  /** With 'shared_with': the participant they named. */
  mateId: string | null;
  /** With 'shared' (or a one-sided 'shared_with'): another gender in the room is fine. */
  mixedOk: boolean;
}

/** Why a room looks as it does: shown to the organiser beside it. */
export type RoomReason = 'single' | 'mutual' | 'same_gender' | 'mixed' | 'alone';

export interface PlannedRoom {
  members: string[];
  reason: RoomReason;
}

const byAgeThenId = (a: RoomingParticipant, b: RoomingParticipant) =>
  (a.age ?? Number.POSITIVE_INFINITY) - (b.age ?? Number.POSITIVE_INFINITY) || a.id.localeCompare(b.id);

/** Pairs neighbours of a list sorted by age (the closest ages together); the last one of an odd list is left over. */
function pairInOrder(list: RoomingParticipant[]): {
  pairs: [RoomingParticipant, RoomingParticipant][];
  left: RoomingParticipant[];
} {
  const pairs: [RoomingParticipant, RoomingParticipant][] = [];
  for (let i = 0; i + 1 < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
  return { pairs, left: list.length % 2 === 1 ? [list[list.length - 1]] : [] };
}

/**
 * The automatic rooming of a trip (issue 30): pure and deterministic (the same participants in any order
 * give the same rooms).
 * 1. 'Enkelrum' gets a room of their own.
 * 2. Two who named each other ('dela med', both ways) share a room.
 * 3. Everyone else who shares (also a one-sided 'dela med', and no wish at all) is paired with someone of
 *    the same gender, the closest in age (sorted by age, neighbours together).
 * 4. Those left over (one per gender at most, and members without a stated gender) share a room across
 *    genders only if both said a mixed room is fine, again by age; anyone still alone gets a room alone.
 * Rooms come out as: single rooms, mutual pairs, same-gender pairs, mixed pairs, alone; each list by
 * its first member's id order within its kind.
 */
export function planRooms(participants: readonly RoomingParticipant[]): PlannedRoom[] {
  const people = [...participants].sort((a, b) => a.id.localeCompare(b.id));
  const ids = new Map(people.map((p) => [p.id, p]));
  const rooms: PlannedRoom[] = [];
  const placed = new Set<string>();

  for (const p of people) {
    if (p.wish === 'single') {
      rooms.push({ members: [p.id], reason: 'single' });
      placed.add(p.id);
    }
  }
  for (const p of people) {
    if (placed.has(p.id) || p.wish !== 'shared_with' || !p.mateId) continue;
    const mate = ids.get(p.mateId);
    if (!mate || placed.has(mate.id) || mate.wish !== 'shared_with' || mate.mateId !== p.id) continue;
    rooms.push({ members: [p.id, mate.id], reason: 'mutual' });
    placed.add(p.id).add(mate.id);
  }

  const rest = people.filter((p) => !placed.has(p.id));
  const leftovers: RoomingParticipant[] = [];
  for (const gender of ['female', 'male', 'other'] as const) {
    const { pairs, left } = pairInOrder(rest.filter((p) => p.gender === gender).sort(byAgeThenId));
    for (const [a, b] of pairs) rooms.push({ members: [a.id, b.id], reason: 'same_gender' });
    leftovers.push(...left);
  }
  leftovers.push(...rest.filter((p) => p.gender === null));

  const mixed = pairInOrder(leftovers.filter((p) => p.mixedOk).sort(byAgeThenId));
  for (const [a, b] of mixed.pairs) rooms.push({ members: [a.id, b.id], reason: 'mixed' });
  const alone = [...mixed.left, ...leftovers.filter((p) => !p.mixedOk)].sort((a, b) =>
    a.id.localeCompare(b.id),
  );
  for (const p of alone) rooms.push({ members: [p.id], reason: 'alone' });
  return rooms;
}
