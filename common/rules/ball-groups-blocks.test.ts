import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Gender } from '../options';
import { type BallGroupCandidate, generateBallGroups, pairKey } from './ball-groups';

const candidate = (id: number, handicap: number | null, gender: Gender | null): BallGroupCandidate => ({
  id,
  userId: `u${id}`,
  handicap,
  gender,
});

const together = (groups: number[][], pairs: readonly (readonly [string, string])[]) => {
  const keys = new Set(pairs.map(([a, b]) => pairKey(a, b)));
  return groups.flatMap((g) =>
    g.flatMap((a, i) => g.slice(i + 1).map((b) => pairKey(`u${a}`, `u${b}`))).filter((k) => keys.has(k)),
  );
};

describe('generateBallGroups with blocked pairs', () => {
  it('parts a blocked pair that the plain generation puts together', () => {
    const field = Array.from({ length: 8 }, (_, i) => candidate(i + 1, 10 + i, i % 2 ? 'male' : 'female'));
    const plain = generateBallGroups(field);
    const [a, b] = plain.groups[0];
    const blocked = [[`u${a}`, `u${b}`] as const];
    expect(together(plain.groups, blocked)).toHaveLength(1);

    const plan = generateBallGroups(field, [], blocked);
    expect(together(plan.groups, blocked)).toEqual([]);
    expect(plan.figures.blockedPairs).toBe(1);
    expect(plan.figures.blockedPairsTogether).toBe(0);
    expect(plan.groups.flat().sort((x, y) => x - y)).toEqual(field.map((c) => c.id));
  });

  it('parts blocked pairs even where it costs handicap balance (a hard constraint first)', () => {
    // Two groups of four, four low and four high handicaps: balanced is two and two. The first low player
    // has blocked the other three, so they must play in the other group, three low and one high.
    const field = [0, 0, 0, 0, 40, 40, 40, 40].map((h, i) => candidate(i + 1, h, 'male'));
    const blocked = [
      ['u1', 'u2'],
      ['u1', 'u3'],
      ['u4', 'u1'],
    ] as const;
    const plain = generateBallGroups(field);
    expect(plain.figures.handicapSpread).toBe(0);
    const plan = generateBallGroups(field, [], blocked);
    expect(together(plan.groups, blocked)).toEqual([]);
    expect(plan.figures.blockedPairsTogether).toBe(0);
    expect(plan.figures.handicapSpread).toBe(20);
  });

  it('leaves together only what cannot be parted (one group)', () => {
    const field = Array.from({ length: 4 }, (_, i) => candidate(i + 1, 12, 'female'));
    const plan = generateBallGroups(field, [], [['u1', 'u2']]);
    expect(plan.groups).toHaveLength(1);
    expect(plan.figures.blockedPairsTogether).toBe(1);
  });

  it('changes nothing without blocked pairs in the field', () => {
    const field = Array.from({ length: 20 }, (_, i) =>
      candidate(i + 1, i % 5 ? (i * 7) % 40 : null, i % 3 ? 'male' : 'female'),
    );
    expect(generateBallGroups(field, [], [['x1', 'x2']])).toEqual(generateBallGroups(field));
  });

  it('keeps blocked pairs apart whenever each member is in at most one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 48 }),
        fc.array(fc.tuple(fc.nat(47), fc.nat(47)), { maxLength: 12 }),
        fc.array(fc.integer({ min: -50, max: 540 }), { minLength: 48, maxLength: 48 }),
        (n, raw, handicaps) => {
          const field = Array.from({ length: n }, (_, i) =>
            candidate(i + 1, i % 7 === 3 ? null : handicaps[i] / 10, i % 2 ? 'male' : 'female'),
          );
          // Disjoint pairs: with two groups or more of three or four, every such pair can be parted.
          const used = new Set<number>();
          const blocked: (readonly [string, string])[] = [];
          for (const [x, y] of raw) {
            const a = x % n;
            const b = y % n;
            if (a === b || used.has(a) || used.has(b)) continue;
            used.add(a).add(b);
            blocked.push([`u${a + 1}`, `u${b + 1}`]);
          }
          const plan = generateBallGroups(field, [], blocked);
          expect(together(plan.groups, blocked)).toEqual([]);
          expect(plan.figures.blockedPairsTogether).toBe(0);
          expect(plan.groups.flat()).toHaveLength(n);
        },
      ),
      { numRuns: 150, seed: 15 },
    );
  });
});
