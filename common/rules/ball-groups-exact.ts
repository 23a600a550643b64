import { initialState, type SearchState } from './ball-groups-search';
import type { Item } from './ball-groups-seed';

/** Fields up to this size are searched exhaustively (12 members in 4 + 4 + 4: 5,775 groupings). */
export const EXACT_FIELD = 12;

/** Lexicographic comparison of two costs. */
export const lexLess = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
};

/**
 * The best grouping of a small field: every grouping with the given sizes is tried, and of those that keep
 * members without a handicap at most one apart and the spread within `boundKey`, the one with the lowest
 * cost (gender mix first, then repeated pairs, spread, squares) wins. Swap improvement alone can stop in a
 * local optimum that mixes fewer groups than the numbers allow; for small fields this costs nothing to avoid.
 * When members of the field have blocked one another (`blocked`) or an admin asked two to play together
 * (`together`), parting and joining them come first: groupings over the bound are then considered too,
 * ranked after every grouping with fewer blocked pairs together or requested pairs apart.
 * Ties keep the first grouping found, so the answer is deterministic. Null when no grouping qualifies.
 */
export function exactBest(
  items: Item[],
  sizes: number[],
  pairs: Uint8Array,
  boundKey: number,
  blocked: Uint8Array = new Uint8Array(0),
  together: Uint8Array = new Uint8Array(0),
  tolKey = boundKey,
): SearchState | null {
  // Blocks and requests to play together come before the bound: groupings over it are considered too.
  const beyondBound = blocked.some((x) => x === 1) || together.some((x) => x === 1);
  const n = items.length;
  const g = sizes.length;
  const assignment = new Array<number>(n).fill(0);
  const count = new Array<number>(g).fill(0);
  const sum = new Array<number>(g).fill(0);
  const nulls = new Array<number>(g).fill(0);
  let best: SearchState | null = null;
  let bestCost: number[] | null = null;

  const consider = () => {
    let hi = Number.NEGATIVE_INFINITY;
    let lo = Number.POSITIVE_INFINITY;
    for (let j = 0; j < g; j++) {
      const k = (sum[j] * 12) / sizes[j];
      if (k > hi) hi = k;
      if (k < lo) lo = k;
    }
    if (hi - lo > boundKey && !beyondBound) return;
    if (Math.max(...nulls) - Math.min(...nulls) > 1) return;
    const state = initialState(items, assignment, pairs, blocked, together);
    const cost = state.cost(boundKey, tolKey);
    if (!bestCost || lexLess(cost, bestCost)) {
      best = state;
      bestCost = cost;
    }
  };

  const place = (i: number) => {
    if (i === n) return consider();
    for (let j = 0; j < g; j++) {
      if (count[j] >= sizes[j]) continue;
      // Groups of one size are interchangeable: open only the first empty one of each size.
      if (count[j] === 0) {
        let earlierEmpty = false;
        for (let k = 0; k < j; k++) if (count[k] === 0 && sizes[k] === sizes[j]) earlierEmpty = true;
        if (earlierEmpty) continue;
      }
      assignment[i] = j;
      count[j]++;
      sum[j] += items[i].value;
      if (!items[i].known) nulls[j]++;
      place(i + 1);
      count[j]--;
      sum[j] -= items[i].value;
      if (!items[i].known) nulls[j]--;
    }
  };
  place(0);
  return best;
}
