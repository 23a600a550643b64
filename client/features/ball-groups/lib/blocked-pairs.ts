import type { BlockedPair } from '@common/schemas/blocks';

/** Registration ids per registration id: who must not share a group with whom (both directions). */
export function blockedPartners(pairs: readonly BlockedPair[]): Map<number, Set<number>> {
  const byId = new Map<number, Set<number>>();
  for (const pair of pairs) {
    const [a, b] = pair.registrationIds;
    if (!byId.has(a)) byId.set(a, new Set());
    if (!byId.has(b)) byId.set(b, new Set());
    byId.get(a)?.add(b);
    byId.get(b)?.add(a);
  }
  return byId;
}

interface Member {
  id: number;
  name: string;
}

/** The members of a group that a registration must not play with (empty when it may join). */
export function conflictsIn(
  partners: Map<number, Set<number>>,
  registrationId: number,
  members: readonly Member[],
): Member[] {
  const blocked = partners.get(registrationId);
  if (!blocked) return [];
  return members.filter((m) => m.id !== registrationId && blocked.has(m.id));
}

/** The blocked pairs that already share a group, as names (the manager's warning over the tabs). */
export function pairsTogether(
  partners: Map<number, Set<number>>,
  groups: readonly { name: string; members: readonly Member[] }[],
): { group: string; names: [string, string] }[] {
  const found: { group: string; names: [string, string] }[] = [];
  for (const g of groups) {
    g.members.forEach((a, i) => {
      for (const b of g.members.slice(i + 1)) {
        if (partners.get(a.id)?.has(b.id)) found.push({ group: g.name, names: [a.name, b.name] });
      }
    });
  }
  return found;
}

/** The warning of a move or an add that would put a blocked pair in one group, or null. */
export function blockedMoveWarning(conflicts: readonly Member[], groupName: string): string | null {
  if (conflicts.length === 0) return null;
  const names = conflicts.map((m) => m.name).join(' och ');
  return `Blockerat par: medlemmen har blockerat eller blockerats av ${names} i ${groupName}. De ska inte spela i samma bollgrupp.`;
}
