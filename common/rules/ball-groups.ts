import type { Gender } from '../options';
import { EXACT_FIELD, exactBest, lexLess } from './ball-groups-exact';
import { initialState } from './ball-groups-search';
import { genderCounts, groupSizes, type Item, seedGroups, spreadBound } from './ball-groups-seed';

export { groupSizes } from './ball-groups-seed';

/** One registered member to place in a ball group. */
export interface BallGroupCandidate {
  /** Registration id (what the groups hold). */
  id: number;
  userId: string;
  /** Handicap from the profile; null when unknown. */
  handicap: number | null;
  gender: Gender | null;
}

/** The figures behind one generation, shown in the manager. */
export interface BallGroupFigures {
  groupCount: number;
  sizes: number[];
  /** Field average handicap of those who have one (members without count as this). */
  fieldAverage: number | null;
  /** Highest minus lowest known handicap. */
  fieldRange: number;
  /** Max minus min of the group average handicaps (members without a handicap count as the field average). */
  handicapSpread: number;
  /** The spread after ABCD seeding, before swap improvement. */
  seededSpread: number;
  /** The guaranteed upper bound: 0 for one group, range/4 when every group has four, range/3 otherwise (range/1 for 5). */
  spreadBound: number;
  /** Groups with at least one man and one woman, and how many such groups the numbers allow. */
  mixedGroups: number;
  mixedGroupsPossible: number;
  /** Groups of four that are two men and two women, and how many the numbers allow. */
  evenGroups: number;
  evenGroupsPossible: number;
  /** Members without a handicap: the fewest and most in any group (they differ by at most one). */
  noHandicapMin: number;
  noHandicapMax: number;
  /** Pairs in this field who already shared a ball group at an earlier event, and how many share one again. */
  previousPairs: number;
  repeatedPairs: number;
  repeatedPairsAvoided: number;
  /** Of the repeated pairs, how many have shared a group more than once before. */
  repeatedOftenPairs: number;
  /** Pairs an admin asked to play together, and how many could not be placed in one group. */
  togetherPairs: number;
  togetherPairsApart: number;
  /** Pairs in this field who have blocked one another (either way), and how many still share a group (0 where possible). */
  blockedPairs: number;
  blockedPairsTogether: number;
}

export interface BallGroupPlan {
  /** Registration ids per group; members ordered by handicap (unknown last), then id. */
  groups: number[][];
  figures: BallGroupFigures;
}

const SMALL_FIELD = 64;
/**
 * How far (strokes between group averages) the generator lets the spread widen to avoid repeated pairs:
 * repeats are traded for balance up to here, never beyond (and never beyond the guaranteed bound).
 */
export const REPEAT_TOLERANCE_STROKES = 1;
const MAX_STARTS = 8;

/** Pair key of two user ids, order-free. */
export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * Builds ball groups for the registered members of an event (decisions.md 'Ball group generation').
 *
 * 1. Sizes: ceil(n/4) groups; as few groups of three as needed (never one or two unless n ≤ 2 or n = 5).
 * 2. ABCD seeding: handicaps sorted; members without a handicap and one virtual "gap" per group of
 *    three count as the field average. The sorted list is cut into four tiers (A-D) of one member per
 *    group, dealt in serpentine order; within a tier, gaps go to distinct groups and members without a
 *    handicap to the groups with fewest so far (so they differ by at most one per group).
 * 3. Swap improvement: swaps of two members between groups (both with or both without a handicap, or
 *    exchanging the unknown-handicap counts of two groups) are kept while they lower, in this order: the
 *    excess over the bound, the gender imbalance (unmixed groups first, then distance from the field's
 *    share), the spread's excess over REPEAT_TOLERANCE_STROKES (only with a history), the repeated pairs
 *    weighted by how many earlier events (of the last 12 months, chosen by the caller) each pair shared a
 *    group at, the spread of group averages, the sum of squared averages.
 *    Fields of up to 64 also try up to 8 rotated deals and keep the lowest result; fields of up to 12
 *    are searched exhaustively with the same cost (ball-groups-exact.ts).
 *
 * Bound (proved in the test file, and checked there): every tier holds consecutive sorted values and
 * each group gets one per tier, so padded group sums differ by at most the range R; hence averages of
 * groups of four differ by at most R/4, and with groups of three by at most R/3. Step 3 never raises
 * the spread above that bound. Gender balance is sought within the bound, then fewer repeated pairs
 * within a spread of one stroke (issue 16: fairer groups over time), then the narrowest spread. Deterministic: ties are broken by
 * registration id.
 *
 * Blocked pairs (members who have blocked one another, decisions.md 'Trust, reach and safety') are a hard
 * constraint where the numbers allow: a swap that parts one is taken before any other criterion, the
 * bound included, and the small-field search ranks groupings by blocked pairs together first. Only then
 * can the spread exceed the bound; without blocked pairs nothing changes. Pairs an admin asked to play
 * together come next, before the bound too (never at the cost of a blocked pair).
 *
 * `previousPairs` lists one entry per earlier event at which two members shared a group (a pair listed
 * twice weighs twice).
 */
export function generateBallGroups(
  candidates: readonly BallGroupCandidate[],
  previousPairs: Iterable<readonly [string, string]> = [],
  blockedPairs: Iterable<readonly [string, string]> = [],
  togetherPairs: Iterable<readonly [string, string]> = [],
): BallGroupPlan {
  const members = [...candidates].sort((a, b) => a.id - b.id);
  const n = members.length;
  const sizes = groupSizes(n);
  if (n === 0) return { groups: [], figures: emptyFigures() };

  const known = members.filter((m) => m.handicap !== null);
  const tenths = known.map((m) => Math.round((m.handicap as number) * 10));
  const K = known.length;
  const S = tenths.reduce((s, x) => s + x, 0);
  // Values scaled by K and centred on the field average, so every sum is an exact integer.
  const items: Item[] = members.map((m, i) => ({
    index: i,
    id: m.id,
    value: m.handicap === null ? 0 : K * Math.round(m.handicap * 10) - S,
    known: m.handicap !== null,
    gender: m.gender,
  }));
  const rangeScaled = K ? K * (Math.max(...tenths) - Math.min(...tenths)) : 0;
  const boundKey = spreadBound(sizes) * rangeScaled; // in units of 12 × scaled mean

  // Repeated-pair matrix over member indexes.
  const byUser = new Map(members.map((m, i) => [m.userId, i]));
  const pairs = new Uint8Array(n * n);
  const seen = new Set<string>();
  for (const [a, b] of previousPairs) {
    const i = byUser.get(a);
    const j = byUser.get(b);
    if (i === undefined || j === undefined || i === j) continue;
    seen.add(pairKey(a, b));
    const w = Math.min(255, pairs[i * n + j] + 1);
    pairs[i * n + j] = w;
    pairs[j * n + i] = w;
  }
  const blocked = pairMatrix(byUser, n, blockedPairs);
  // A request to play together never overrides a block.
  const together = pairMatrix(byUser, n, togetherPairs, blocked.matrix);

  const scale = 12 * 10 * Math.max(K, 1);
  const tolKey = Math.min(boundKey, REPEAT_TOLERANCE_STROKES * scale);
  // Small fields (most events) also try rotated deals and keep the best; every start honours the bound.
  const starts = n <= SMALL_FIELD ? Math.min(sizes.length, MAX_STARTS) : 1;
  let state = initialState(items, seedGroups(items, sizes), pairs, blocked.matrix, together.matrix);
  const seededSpread = state.spread();
  state.improve(boundKey, tolKey);
  for (let rotation = 1; rotation < starts; rotation++) {
    const other = initialState(
      items,
      seedGroups(items, sizes, rotation),
      pairs,
      blocked.matrix,
      together.matrix,
    );
    other.improve(boundKey, tolKey);
    if (lexLess(other.cost(boundKey, tolKey), state.cost(boundKey, tolKey))) state = other;
  }
  if (n <= EXACT_FIELD && sizes.length > 1) {
    const exact = exactBest(items, sizes, pairs, boundKey, blocked.matrix, together.matrix, tolKey);
    // The exact search keeps its null-spread rule even with blocks and requests; it wins unless it leaves
    // more blocked pairs together or more requested pairs apart.
    if (exact && !lexLess(state.cost(boundKey).slice(0, 2), exact.cost(boundKey).slice(0, 2))) state = exact;
  }

  // Groups of four first (a rotated deal may have won), otherwise in the search's order.
  const ordered = [...state.members].sort((a, b) => b.length - a.length);
  const groups = ordered.map((g) =>
    g
      .map((i) => members[i])
      .sort((a, b) => (a.handicap ?? 1e9) - (b.handicap ?? 1e9) || a.id - b.id)
      .map((m) => m.id),
  );
  const { W, M } = genderCounts(items);
  const fours = sizes.filter((s) => s === 4).length;
  const nulls = state.members.map((g) => g.filter((i) => !items[i].known).length);
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    groups,
    figures: {
      groupCount: sizes.length,
      sizes: ordered.map((g) => g.length),
      fieldAverage: K ? round2(S / K / 10) : null,
      fieldRange: rangeScaled / Math.max(K, 1) / 10,
      handicapSpread: round2(state.spread() / scale),
      seededSpread: round2(seededSpread / scale),
      spreadBound: Math.ceil((boundKey / scale) * 100 - 1e-9) / 100,
      mixedGroups: state.members.filter((g) => hasBoth(g, items)).length,
      mixedGroupsPossible: Math.min(sizes.length, W, M),
      evenGroups: state.members.filter(
        (g) => g.length === 4 && countGender(g, items, 'female') === 2 && countGender(g, items, 'male') === 2,
      ).length,
      evenGroupsPossible: Math.min(fours, Math.floor(W / 2), Math.floor(M / 2)),
      noHandicapMin: Math.min(...nulls),
      noHandicapMax: Math.max(...nulls),
      previousPairs: seen.size,
      repeatedPairs: state.repeatedPairs(),
      repeatedPairsAvoided: seen.size - state.repeatedPairs(),
      repeatedOftenPairs: countTogether(state.members, (i, k) => pairs[i * n + k] > 1),
      togetherPairs: together.count,
      togetherPairsApart: state.togetherApart(),
      blockedPairs: blocked.count,
      blockedPairsTogether: state.blockedPairs(),
    },
  };
}

/** A 0/1 matrix over member indexes of the distinct pairs given (by user id), and how many there are. */
function pairMatrix(
  byUser: Map<string, number>,
  n: number,
  list: Iterable<readonly [string, string]>,
  except?: Uint8Array,
): { matrix: Uint8Array; count: number } {
  const matrix = new Uint8Array(n * n);
  let count = 0;
  for (const [a, b] of list) {
    const i = byUser.get(a);
    const j = byUser.get(b);
    if (i === undefined || j === undefined || i === j || matrix[i * n + j] || except?.[i * n + j]) continue;
    matrix[i * n + j] = 1;
    matrix[j * n + i] = 1;
    count++;
  }
  return { matrix, count };
}

/** Pairs within one group for which `test` holds. */
function countTogether(groups: number[][], test: (i: number, k: number) => boolean): number {
  let c = 0;
  for (const g of groups)
    for (let x = 0; x < g.length; x++) for (let y = x + 1; y < g.length; y++) if (test(g[x], g[y])) c++;
  return c;
}

const countGender = (g: number[], items: Item[], gender: Gender) =>
  g.filter((i) => items[i].gender === gender).length;
const hasBoth = (g: number[], items: Item[]) =>
  countGender(g, items, 'male') > 0 && countGender(g, items, 'female') > 0;

function emptyFigures(): BallGroupFigures {
  return {
    groupCount: 0,
    sizes: [],
    fieldAverage: null,
    fieldRange: 0,
    handicapSpread: 0,
    seededSpread: 0,
    spreadBound: 0,
    mixedGroups: 0,
    mixedGroupsPossible: 0,
    evenGroups: 0,
    evenGroupsPossible: 0,
    noHandicapMin: 0,
    noHandicapMax: 0,
    previousPairs: 0,
    repeatedPairs: 0,
    repeatedPairsAvoided: 0,
    repeatedOftenPairs: 0,
    togetherPairs: 0,
    togetherPairsApart: 0,
    blockedPairs: 0,
    blockedPairsTogether: 0,
  };
}
