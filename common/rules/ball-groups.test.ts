import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Gender } from '../options';
import { type BallGroupCandidate, generateBallGroups, groupSizes, pairKey } from './ball-groups';

/*
 * The bound, proved. Let μ be the field average, every member without a handicap and one virtual gap per
 * group of three count as μ, and R the range of known handicaps (μ lies inside it). The 4g values are
 * sorted and cut into four tiers of g consecutive values; every group takes one value per tier. For two
 * groups, the difference of their padded sums is at most Σ over tiers of (tier max − tier min) ≤ R, so the
 * padded means p differ by at most R/4. The padded means average to μ, so |p − μ| ≤ R/4 for every group.
 * A group of four has mean p; a group of three has mean μ + 4/3 (p − μ). Hence two groups of four differ by
 * at most R/4, and any two groups by at most max(4/3 · R/4, R/4 + 1/3 · R/4) = R/3. Swap improvement only
 * keeps swaps that do not raise the spread above the bound. (Five members, 3 + 2: the trivial bound R.)
 */

const genders: (Gender | null)[] = ['male', 'female', 'other', null];

const candidate = (id: number, handicap: number | null, gender: Gender | null): BallGroupCandidate => ({
  id,
  userId: `u${id}`,
  handicap,
  gender,
});

const fieldArb = (min: number, max: number) =>
  fc
    .array(
      fc.record({
        handicap: fc.option(
          fc.integer({ min: -100, max: 540 }).map((x) => x / 10),
          { freq: 5 },
        ),
        gender: fc.constantFrom(...genders),
      }),
      { minLength: min, maxLength: max },
    )
    .map((rows) => rows.map((r, i) => candidate(i + 1, r.handicap, r.gender)));

/** Group means with unknown handicaps counted as the field average, computed independently. */
function groupMeans(field: BallGroupCandidate[], groups: number[][]) {
  const byId = new Map(field.map((c) => [c.id, c]));
  const known = field.filter((c) => c.handicap !== null).map((c) => c.handicap as number);
  const mu = known.length ? known.reduce((s, x) => s + x, 0) / known.length : 0;
  const range = known.length ? Math.max(...known) - Math.min(...known) : 0;
  const means = groups.map((g) => g.reduce((s, id) => s + (byId.get(id)?.handicap ?? mu), 0) / g.length);
  return { means, range, spread: means.length ? Math.max(...means) - Math.min(...means) : 0 };
}

describe('groupSizes', () => {
  it('uses fours and as few threes as needed', () => {
    expect(groupSizes(0)).toEqual([]);
    expect(groupSizes(3)).toEqual([3]);
    expect(groupSizes(5)).toEqual([3, 2]);
    expect(groupSizes(6)).toEqual([3, 3]);
    expect(groupSizes(9)).toEqual([3, 3, 3]);
    expect(groupSizes(16)).toEqual([4, 4, 4, 4]);
    expect(groupSizes(18)).toEqual([4, 4, 4, 3, 3]);
  });
});

describe('generateBallGroups', () => {
  it('puts every member in exactly one group of the right size', () => {
    fc.assert(
      fc.property(fieldArb(0, 70), (field) => {
        const { groups, figures } = generateBallGroups(field);
        const ids = groups.flat().sort((a, b) => a - b);
        expect(ids).toEqual(field.map((c) => c.id));
        const n = field.length;
        const sizes = groups.map((g) => g.length).sort();
        expect(sizes).toEqual([...groupSizes(n)].sort());
        if (n >= 6) {
          expect(sizes.every((s) => s === 3 || s === 4)).toBe(true);
          expect(sizes.filter((s) => s === 3).length).toBe((4 - (n % 4)) % 4);
        }
        expect(figures.groupCount).toBe(groups.length);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the spread of group averages within R/4 (all fours) or R/3', () => {
    fc.assert(
      fc.property(fieldArb(1, 80), (field) => {
        const { groups, figures } = generateBallGroups(field);
        const { spread, range } = groupMeans(field, groups);
        const n = field.length;
        const bound = groups.length <= 1 ? 0 : n % 4 === 0 ? range / 4 : n === 5 ? range : range / 3;
        expect(spread).toBeLessThanOrEqual(bound + 1e-9);
        expect(figures.handicapSpread).toBeCloseTo(spread, 1);
        expect(figures.spreadBound).toBeGreaterThanOrEqual(bound - 1e-9);
      }),
      { numRuns: 400 },
    );
  });

  it('spreads members without a handicap evenly (at most one apart)', () => {
    fc.assert(
      fc.property(fieldArb(1, 80), (field) => {
        const { groups, figures } = generateBallGroups(field);
        const unknown = new Set(field.filter((c) => c.handicap === null).map((c) => c.id));
        const counts = groups.map((g) => g.filter((id) => unknown.has(id)).length);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        expect(figures.noHandicapMax - figures.noHandicapMin).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('is a local optimum: no swap of two members of the same gender lowers the spread', () => {
    fc.assert(
      fc.property(fieldArb(6, 48), (field) => {
        const { groups } = generateBallGroups(field);
        const byId = new Map(field.map((c) => [c.id, c]));
        const { spread } = groupMeans(field, groups);
        for (let x = 0; x < groups.length; x++)
          for (let y = x + 1; y < groups.length; y++)
            for (const a of groups[x])
              for (const b of groups[y]) {
                const ca = byId.get(a) as BallGroupCandidate;
                const cb = byId.get(b) as BallGroupCandidate;
                if (ca.gender !== cb.gender || (ca.handicap === null) !== (cb.handicap === null)) continue;
                const swapped = groups.map((g) => g.map((id) => (id === a ? b : id === b ? a : id)));
                expect(groupMeans(field, swapped).spread).toBeGreaterThanOrEqual(spread - 1e-9);
              }
      }),
      { numRuns: 60 },
    );
  });

  it('mixes genders: 2 + 2 in every group when half are women and handicaps are known', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.array(fc.integer({ min: 0, max: 360 }), { minLength: 120, maxLength: 120 }),
        (groupsOf4, hcps) => {
          const n = groupsOf4 * 4;
          const field = Array.from({ length: n }, (_, i) =>
            candidate(i + 1, hcps[i] / 10, i % 2 === 0 ? 'female' : 'male'),
          );
          const { figures } = generateBallGroups(field);
          expect(figures.evenGroups).toBe(groupsOf4);
          expect(figures.mixedGroups).toBe(groupsOf4);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('mixes as many groups as any grouping within the bound could (exhaustive for 6-9 members)', () => {
    fc.assert(
      fc.property(fieldArb(6, 9), (field) => {
        const { groups, figures } = generateBallGroups(field);
        const sizes = groups.map((g) => g.length);
        const { range } = groupMeans(field, groups);
        const bound = field.length % 4 === 0 ? range / 4 : range / 3;
        const unknown = (g: BallGroupCandidate[]) => g.filter((c) => c.handicap === null).length;
        const mixed = (g: BallGroupCandidate[]) =>
          g.some((c) => c.gender === 'male') && g.some((c) => c.gender === 'female');
        let best = 0;
        const slots: BallGroupCandidate[][] = sizes.map(() => []);
        const place = (i: number) => {
          if (i === field.length) {
            const counts = slots.map(unknown);
            if (Math.max(...counts) - Math.min(...counts) > 1) return;
            if (
              groupMeans(
                field,
                slots.map((g) => g.map((c) => c.id)),
              ).spread >
              bound + 1e-9
            )
              return;
            best = Math.max(best, slots.filter(mixed).length);
            return;
          }
          for (let j = 0; j < slots.length; j++) {
            if (slots[j].length >= sizes[j]) continue;
            // Groups of one size are interchangeable: fill the first empty one only.
            if (
              slots[j].length === 0 &&
              slots.slice(0, j).some((g, k) => g.length === 0 && sizes[k] === sizes[j])
            )
              continue;
            slots[j].push(field[i]);
            place(i + 1);
            slots[j].pop();
          }
        };
        place(0);
        expect(figures.mixedGroups).toBe(best);
      }),
      { numRuns: 300 },
    );
  });

  it('never counts more mixed or 2 + 2 groups than the numbers allow', () => {
    fc.assert(
      fc.property(fieldArb(6, 80), (field) => {
        const { figures } = generateBallGroups(field);
        expect(figures.mixedGroups).toBeLessThanOrEqual(figures.mixedGroupsPossible);
        expect(figures.evenGroups).toBeLessThanOrEqual(figures.evenGroupsPossible);
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic whatever the input order', () => {
    fc.assert(
      fc.property(fieldArb(0, 60), fc.integer(), (field, seed) => {
        const shuffled = fc.sample(fc.shuffledSubarray(field, { minLength: field.length }), {
          numRuns: 1,
          seed,
        })[0];
        expect(generateBallGroups(shuffled)).toEqual(generateBallGroups(field));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps earlier partners apart when it costs no balance', () => {
    const field = Array.from({ length: 8 }, (_, i) => candidate(i + 1, 18, i % 2 ? 'male' : 'female'));
    const plain = generateBallGroups(field);
    // Every pair of the plain result has played together before: all must be split.
    const previous = plain.groups.flatMap((g) =>
      g.flatMap((a, i) => g.slice(i + 1).map((b) => [`u${a}`, `u${b}`] as const)),
    );
    const plan = generateBallGroups(field, previous);
    expect(plan.figures.previousPairs).toBe(12);
    expect(plan.figures.repeatedPairs).toBe(4);
    expect(plan.figures.repeatedPairsAvoided).toBe(8);
    expect(plan.figures.handicapSpread).toBe(0);
    expect(plan.figures.evenGroups).toBe(2);
  });

  it('never trades balance for avoiding repeated pairs', () => {
    fc.assert(
      fc.property(
        fieldArb(6, 40),
        fc.array(fc.tuple(fc.nat(39), fc.nat(39)), { maxLength: 80 }),
        (field, raw) => {
          const previous = raw.map(([a, b]) => [`u${a + 1}`, `u${b + 1}`] as const);
          const plan = generateBallGroups(field, previous);
          const { spread, range } = groupMeans(field, plan.groups);
          expect(spread).toBeLessThanOrEqual(range / 3 + 1e-9);
          const inField = new Set(field.map((c) => c.userId));
          const distinct = new Set(
            previous
              .filter(([a, b]) => a !== b && inField.has(a) && inField.has(b))
              .map(([a, b]) => pairKey(a, b)),
          );
          expect(plan.figures.previousPairs).toBe(distinct.size);
          const together = plan.groups.flatMap((g) =>
            g.flatMap((a, i) => g.slice(i + 1).map((b) => pairKey(`u${a}`, `u${b}`))),
          );
          expect(plan.figures.repeatedPairs).toBe(together.filter((k) => distinct.has(k)).length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('places 200 members with a tight spread', () => {
    const field = Array.from({ length: 200 }, (_, i) =>
      candidate(i + 1, i % 9 === 0 ? null : ((i * 37) % 400) / 10, i % 3 === 0 ? 'female' : 'male'),
    );
    const { groups, figures } = generateBallGroups(field);
    expect(groups).toHaveLength(50);
    expect(figures.handicapSpread).toBeLessThan(1);
    expect(figures.mixedGroups).toBe(50);
  });
});
