import type { Gender } from '../options';

/** A member as the algorithm sees it: value is the handicap scaled and centred on the field average (0 when unknown). */
export interface Item {
  index: number;
  id: number;
  value: number;
  known: boolean;
  gender: Gender | null;
}

/** Group sizes for n members: fours, and as few threes as needed (n = 5 is 3 + 2, n ≤ 4 one group). */
export function groupSizes(n: number): number[] {
  if (n <= 0) return [];
  if (n <= 4) return [n];
  if (n === 5) return [3, 2];
  const g = Math.ceil(n / 4);
  const threes = 4 * g - n;
  return [...Array(g - threes).fill(4), ...Array(threes).fill(3)];
}

/** The spread bound as a multiple of the scaled range, in units of 12 × group mean (see generateBallGroups). */
export function spreadBound(sizes: number[]): number {
  if (sizes.length <= 1) return 0;
  if (sizes.every((s) => s === 4)) return 3; // R/4
  if (sizes.every((s) => s >= 3)) return 4; // R/3
  return 12; // R (five members: 3 + 2)
}

/** Men and women in the field. */
export function genderCounts(items: Item[]): { W: number; M: number } {
  let W = 0;
  let M = 0;
  for (const it of items) {
    if (it.gender === 'female') W++;
    else if (it.gender === 'male') M++;
  }
  return { W, M };
}

type Entry = { kind: 0 | 1 | 2; item: Item | null; value: number; id: number }; // 0 gap, 1 no handicap, 2 known

/**
 * ABCD seeding: answers the group of every item. Every group of three gets one virtual gap valued at the
 * field average; the sorted list (gaps, then unknown handicaps, then known ones among equal values) is cut
 * into four tiers of one entry per group, each dealt in serpentine order (`rotation` > 0: rotated orders).
 */
export function seedGroups(items: Item[], sizes: number[], rotation = 0): number[] {
  const g = sizes.length;
  const assignment = new Array<number>(items.length).fill(0);
  if (g <= 1) return assignment;
  const gaps = sizes.reduce((s, x) => s + (4 - x), 0);
  if (gaps > g) return snakeWithCapacity(items, sizes);

  const entries: Entry[] = items.map((it) => ({
    kind: it.known ? 2 : 1,
    item: it,
    value: it.value,
    id: it.id,
  }));
  for (let i = 0; i < gaps; i++) entries.push({ kind: 0, item: null, value: 0, id: i });
  entries.sort((a, b) => a.value - b.value || a.kind - b.kind || a.id - b.id);

  const hasGap = new Array<boolean>(g).fill(false);
  const nulls = new Array<number>(g).fill(0);
  for (let r = 0; r < 4; r++) {
    const tier = entries.slice(r * g, r * g + g);
    // Serpentine; other starts rotate each tier's order (still one entry per group per tier).
    const order = [...Array(g).keys()].map((j) => (j + rotation * r) % g);
    if (r % 2 === 1) order.reverse();
    const taken = new Set<number>();
    const rank = (j: number) => order.indexOf(j);
    // Gaps: to distinct groups (gaps precede unknown handicaps, so no group has one yet).
    for (let k = tier.filter((x) => x.kind === 0).length; k > 0; k--) {
      const j = order.filter((x) => !taken.has(x) && !hasGap[x])[0];
      hasGap[j] = true;
      taken.add(j);
    }
    // Unknown handicaps: to the groups with fewest so far, preferring full groups, then serpentine order.
    for (const e of tier.filter((x) => x.kind === 1)) {
      const j = order
        .filter((x) => !taken.has(x))
        .sort((a, b) => nulls[a] - nulls[b] || Number(hasGap[a]) - Number(hasGap[b]) || rank(a) - rank(b))[0];
      nulls[j]++;
      taken.add(j);
      assignment[(e.item as Item).index] = j;
    }
    const free = order.filter((x) => !taken.has(x));
    tier
      .filter((x) => x.kind === 2)
      .forEach((e, k) => {
        assignment[(e.item as Item).index] = free[k];
      });
  }
  return assignment;
}

/** Serpentine deal that skips full groups (only for five members, where a group of two cannot be avoided). */
function snakeWithCapacity(items: Item[], sizes: number[]): number[] {
  // Unknown handicaps first, so the serpentine spreads them one per group.
  const sorted = [...items].sort(
    (a, b) => Number(a.known) - Number(b.known) || a.value - b.value || a.id - b.id,
  );
  const assignment = new Array<number>(items.length).fill(0);
  const fill = sizes.map(() => 0);
  let j = 0;
  let dir = 1;
  for (const it of sorted) {
    while (fill[j] >= sizes[j]) [j, dir] = step(j, dir, sizes.length);
    assignment[it.index] = j;
    fill[j]++;
    [j, dir] = step(j, dir, sizes.length);
  }
  return assignment;
}

function step(j: number, dir: number, g: number): [number, number] {
  const next = j + dir;
  if (next < 0 || next >= g) return [j, -dir];
  return [next, dir];
}
