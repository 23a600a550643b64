import type { Item } from './ball-groups-seed';

const MAX_SWEEPS = 200;

/** Groups under swap improvement: sums, sizes and gender counts kept up to date. */
export interface SearchState {
  /** Member indexes per group. */
  members: number[][];
  /** Max minus min of 12 × group mean (scaled units). */
  spread(): number;
  /** Pairs in one group who shared a group before (each pair once). */
  repeatedPairs(): number;
  /** The same pairs weighted by how many earlier events they shared a group at. */
  repeatWeight(): number;
  /** Pairs who have blocked one another (either way) in one group. */
  blockedPairs(): number;
  /** Pairs an admin asked to play together who are in different groups. */
  togetherApart(): number;
  /**
   * The cost, compared lexicographically: blocked pairs together, requested pairs apart, the spread's
   * excess over `boundKey`, gender imbalance, the spread's excess over `tolKey` (with a history only),
   * weighted repeated pairs, spread, squares. Without blocks and requests the first two are 0 for every
   * grouping the generator keeps (all honour the bound), so only they can trade balance; repeated pairs
   * are avoided before the spread is narrowed, as long as the spread stays within `tolKey`.
   */
  cost(boundKey: number, tolKey?: number): number[];
  /**
   * Swaps members between groups while the cost falls (see generateBallGroups); never above boundKey,
   * except to part a blocked pair or join a requested one (they come before the bound).
   */
  improve(boundKey: number, tolKey?: number): void;
}

/**
 * Builds the search state from a seeding. `pairs` holds how many earlier events two members shared a
 * group at (0–255), `blocked` marks members who have blocked one another (1), `together` pairs an admin
 * asked to play together (1), all as n × n matrices over item indexes; `blocked` and `together` may be
 * empty (none).
 */
export function initialState(
  items: Item[],
  assignment: number[],
  pairs: Uint8Array,
  blocked: Uint8Array = new Uint8Array(0),
  together: Uint8Array = new Uint8Array(0),
): SearchState {
  const n = items.length;
  const g = Math.max(0, ...assignment) + 1;
  const members: number[][] = Array.from({ length: g }, () => []);
  assignment.forEach((j, i) => {
    members[j].push(i);
  });
  const group = Int32Array.from(assignment);
  const size = members.map((m) => m.length);
  const mult = size.map((s) => 12 / s);
  const sum = members.map((m) => m.reduce((s, i) => s + items[i].value, 0));
  const fem = members.map((m) => m.filter((i) => items[i].gender === 'female').length);
  const male = members.map((m) => m.filter((i) => items[i].gender === 'male').length);
  const W = fem.reduce((s, x) => s + x, 0);
  const M = male.reduce((s, x) => s + x, 0);
  const isF = items.map((it) => (it.gender === 'female' ? 1 : 0));
  const isM = items.map((it) => (it.gender === 'male' ? 1 : 0));
  const hasPairs = pairs.some((x) => x > 0);
  const hasBlocked = blocked.some((x) => x === 1);
  const hasTogether = together.some((x) => x === 1);
  const nulls = members.map((m) => m.filter((i) => !items[i].known).length);
  // Mixed groups first, then closeness to the field's share of each gender (squared, scaled by n).
  const unmixed = 64 * n * n * (g + 1) + 1;

  const key = (j: number) => sum[j] * mult[j];
  const genderPen = (j: number, f: number, m: number) =>
    (f > 0 && m > 0 ? 0 : unmixed) + (n * f - W * size[j]) ** 2 + (n * m - M * size[j]) ** 2;
  // Three highest and three lowest groups, to get the extremes of the groups a swap does not touch.
  let top: number[] = [];
  let bottom: number[] = [];
  let spread = 0;
  const refresh = () => {
    const order = [...Array(g).keys()].sort((a, b) => key(a) - key(b) || a - b);
    bottom = order.slice(0, 3);
    top = order.slice(-3).reverse();
    spread = g ? key(top[0]) - key(bottom[0]) : 0;
  };
  refresh();

  /** The weight of i's earlier partners in group j (leaving out `except`). */
  const partners = (i: number, j: number, except: number) => {
    let c = 0;
    for (const k of members[j]) if (k !== i && k !== except) c += pairs[i * n + k];
    return c;
  };

  const requestedWith = (i: number, j: number, except: number) => {
    let c = 0;
    for (const k of members[j]) if (k !== i && k !== except && together[i * n + k]) c++;
    return c;
  };

  const blockedWith = (i: number, j: number, except: number) => {
    let c = 0;
    for (const k of members[j]) if (k !== i && k !== except && blocked[i * n + k]) c++;
    return c;
  };

  /** Cost change of swapping a and b, lexicographic; negative means better. */
  const better = (a: number, b: number, boundKey: number, tolKey: number): boolean => {
    const ga = group[a];
    const gb = group[b];
    if (hasBlocked) {
      const d = blockedWith(a, gb, b) + blockedWith(b, ga, a) - blockedWith(a, ga, a) - blockedWith(b, gb, b);
      if (d !== 0) return d < 0;
    }
    if (hasTogether) {
      // Requested partners joined by the swap, less those it parts: more joined is better.
      const d =
        requestedWith(a, gb, b) + requestedWith(b, ga, a) - requestedWith(a, ga, a) - requestedWith(b, gb, b);
      if (d !== 0) return d > 0;
    }
    const va = items[a].value;
    const vb = items[b].value;
    const ka = (sum[ga] - va + vb) * mult[ga];
    const kb = (sum[gb] - vb + va) * mult[gb];
    let hi = Math.max(ka, kb);
    let lo = Math.min(ka, kb);
    for (const j of top)
      if (j !== ga && j !== gb) {
        hi = Math.max(hi, key(j));
        break;
      }
    for (const j of bottom)
      if (j !== ga && j !== gb) {
        lo = Math.min(lo, key(j));
        break;
      }
    const next = hi - lo;
    const excess = Math.max(0, next - boundKey) - Math.max(0, spread - boundKey);
    if (excess !== 0) return excess < 0;
    if (isF[a] !== isF[b] || isM[a] !== isM[b]) {
      const df = isF[b] - isF[a];
      const dm = isM[b] - isM[a];
      const d =
        genderPen(ga, fem[ga] + df, male[ga] + dm) +
        genderPen(gb, fem[gb] - df, male[gb] - dm) -
        genderPen(ga, fem[ga], male[ga]) -
        genderPen(gb, fem[gb], male[gb]);
      if (d !== 0) return d < 0;
    }
    if (hasPairs) {
      const tol = Math.max(0, next - tolKey) - Math.max(0, spread - tolKey);
      if (tol !== 0) return tol < 0;
      const d = partners(a, gb, b) + partners(b, ga, a) - partners(a, ga, a) - partners(b, gb, b);
      if (d !== 0) return d < 0;
    }
    if (next !== spread) return next < spread;
    return ka * ka + kb * kb - key(ga) ** 2 - key(gb) ** 2 < 0;
  };

  // Members without a handicap trade places only so that the per-group counts stay a permutation.
  const keepsNullSpread = (a: number, b: number) => {
    if (items[a].known === items[b].known) return true;
    const from = items[a].known ? group[b] : group[a];
    const to = items[a].known ? group[a] : group[b];
    return nulls[from] - nulls[to] === 1;
  };

  const swap = (a: number, b: number) => {
    const ga = group[a];
    const gb = group[b];
    if (items[a].known !== items[b].known) {
      const d = items[a].known ? 1 : -1; // a null moves from gb to ga when a is known
      nulls[ga] += d;
      nulls[gb] -= d;
    }
    sum[ga] += items[b].value - items[a].value;
    sum[gb] += items[a].value - items[b].value;
    fem[ga] += isF[b] - isF[a];
    fem[gb] += isF[a] - isF[b];
    male[ga] += isM[b] - isM[a];
    male[gb] += isM[a] - isM[b];
    members[ga][members[ga].indexOf(a)] = b;
    members[gb][members[gb].indexOf(b)] = a;
    group[a] = gb;
    group[b] = ga;
    refresh();
  };

  return {
    members,
    spread: () => spread,
    cost(boundKey, tolKey = boundKey) {
      let gender = 0;
      let squares = 0;
      for (let j = 0; j < g; j++) {
        gender += genderPen(j, fem[j], male[j]);
        squares += key(j) ** 2;
      }
      const excess = Math.max(0, spread - boundKey);
      const tolerance = hasPairs ? Math.max(0, spread - tolKey) : 0;
      return [
        this.blockedPairs(),
        this.togetherApart(),
        excess,
        gender,
        tolerance,
        this.repeatWeight(),
        spread,
        squares,
      ];
    },
    repeatedPairs() {
      let c = 0;
      for (const m of members)
        for (let x = 0; x < m.length; x++)
          for (let y = x + 1; y < m.length; y++) if (pairs[m[x] * n + m[y]] > 0) c++;
      return c;
    },
    repeatWeight() {
      let c = 0;
      for (const m of members)
        for (let x = 0; x < m.length; x++) for (let y = x + 1; y < m.length; y++) c += pairs[m[x] * n + m[y]];
      return c;
    },
    togetherApart() {
      if (!hasTogether) return 0;
      let c = 0;
      for (let i = 0; i < n; i++)
        for (let k = i + 1; k < n; k++) if (together[i * n + k] && group[i] !== group[k]) c++;
      return c;
    },
    blockedPairs() {
      if (!hasBlocked) return 0;
      let c = 0;
      for (const m of members)
        for (let x = 0; x < m.length; x++)
          for (let y = x + 1; y < m.length; y++) c += blocked[m[x] * n + m[y]];
      return c;
    },
    improve(boundKey, tolKey = boundKey) {
      for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
        let improved = false;
        for (let a = 0; a < n; a++) {
          for (let b = a + 1; b < n; b++) {
            if (group[a] === group[b] || !keepsNullSpread(a, b)) continue;
            if (better(a, b, boundKey, tolKey)) {
              swap(a, b);
              improved = true;
            }
          }
        }
        if (!improved) return;
      }
    },
  };
}
