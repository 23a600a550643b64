import { describe, expect, it } from 'vitest';
import { courseHandicap, playingHandicap, strokesPerHole } from './playing-handicap';
import { netStrokes, type PlayedHole, rankPlayers, roundTotals, stablefordPoints } from './scoring';

const RATING = { slope: 130, courseRating: 71.2, par: 72 };
const SI = [7, 15, 3, 11, 1, 17, 9, 13, 5, 8, 16, 4, 12, 2, 18, 10, 14, 6];
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const holes18 = SI.map((strokeIndex, i) => ({ number: i + 1, strokeIndex, par: PARS[i] }));
const played = (ph: number): PlayedHole[] => {
  const strokes = strokesPerHole(ph, holes18);
  return holes18.map((h) => ({ ...h, received: strokes.get(h.number) ?? 0 }));
};

describe('playing handicap (WHS, decisions.md)', () => {
  it('HI 18.4, slope 130, CR 71.2, par 72: course handicap 20, at 95 % playing handicap 19', () => {
    expect(courseHandicap(18.4, RATING, 18)).toBe(20);
    expect(playingHandicap(18.4, RATING, 18, 100)).toBe(20);
    expect(playingHandicap(18.4, RATING, 18, 95)).toBe(19);
  });
  it('19 strokes: 2 on stroke index 1, 1 on 2-18', () => {
    const s = strokesPerHole(19, holes18);
    for (const h of holes18) expect(s.get(h.number)).toBe(h.strokeIndex === 1 ? 2 : 1);
  });
  it('plus 1.4 gives back one stroke on stroke index 18', () => {
    const ph = playingHandicap(-1.4, { slope: 113, courseRating: 72, par: 72 }, 18);
    expect(ph).toBe(-1);
    const s = strokesPerHole(ph, holes18);
    for (const h of holes18) expect(s.get(h.number)).toBe(h.strokeIndex === 18 ? -1 : 0);
  });
  it('9 holes: half the index with the 9-hole rating', () => {
    // 18.4 / 2 × 128 / 113 + (35.4 − 36) = 9.82 → 10
    expect(courseHandicap(18.4, { slope: 128, courseRating: 35.4, par: 36 }, 9)).toBe(10);
    const nine = [5, 9, 2, 6, 1, 8, 4, 7, 3].map((strokeIndex, i) => ({ number: i + 1, strokeIndex }));
    const s = strokesPerHole(10, nine);
    expect([...s.values()].reduce((a, b) => a + b, 0)).toBe(10);
    expect(s.get(5)).toBe(2);
  });
  it('a handicap of zero receives nothing', () => {
    expect([...strokesPerHole(0, holes18).values()].every((v) => v === 0)).toBe(true);
  });
});

describe('points and net', () => {
  it('gross 5 on a par 4 with 2 strokes is 3 points; a picked-up hole is 0 points and net double bogey', () => {
    expect(stablefordPoints({ par: 4, received: 2 }, 5)).toBe(3);
    expect(stablefordPoints({ par: 4, received: 2 }, null)).toBe(0);
    expect(stablefordPoints({ par: 3, received: 0 }, 9)).toBe(0);
    expect(netStrokes({ par: 4, received: 1 }, null)).toBe(6);
  });
  it('totals over the holes played', () => {
    const t = roundTotals(played(18), [
      { hole: 1, strokes: 5 },
      { hole: 2, strokes: null },
    ]);
    expect(t).toEqual({ thru: 2, gross: 5 + 7, net: 4 + 6, points: 2 + 0, parPlayed: 8 });
  });
});

describe('leaderboard order and ties', () => {
  const card = (strokes: (number | null)[]) => strokes.map((s, i) => ({ hole: i + 1, strokes: s }));
  const pars = (delta: number[] = []) => PARS.map((p, i) => p + (delta[i] ?? 0));
  it('more points first; equal points go to the lower playing handicap', () => {
    const a = { userId: 'a', playingHandicap: 18, holes: played(18), scores: card(pars()) };
    const b = { userId: 'b', playingHandicap: 10, holes: played(10), scores: card(pars()) };
    const c = { userId: 'c', playingHandicap: 0, holes: played(0), scores: card(pars()) };
    const ranked = rankPlayers('stableford', [c, b, a], 'e1');
    expect(ranked.map((r) => [r.player.userId, r.position, r.totals.points])).toEqual([
      ['a', 1, 54],
      ['b', 2, 46],
      ['c', 3, 36],
    ]);
    const d = {
      userId: 'd',
      playingHandicap: 12,
      holes: played(12),
      scores: card(pars([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    };
    const e = { userId: 'e', playingHandicap: 10, holes: played(12), scores: card(pars()) };
    expect(rankPlayers('stableford', [d, e], 'e1').map((r) => r.player.userId)).toEqual(['e', 'd']);
  });
  it('the same points and handicap: the last 9 holes decide, then 6, 3 and 1', () => {
    const front = [1, 1, 0, 0, 0, 0, 0, 0, 0];
    const better = {
      userId: 'x',
      playingHandicap: 5,
      holes: played(5),
      scores: card(pars([...front, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    };
    const worse = {
      userId: 'y',
      playingHandicap: 5,
      holes: played(5),
      scores: card(pars([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0])),
    };
    // Bogeys on holes 1-2 against bogeys on 10-11: the better last nine wins.
    expect(rankPlayers('stableford', [worse, better], 'e1').map((r) => r.player.userId)).toEqual(['x', 'y']);
    const lastHole = {
      userId: 'p',
      playingHandicap: 5,
      holes: played(5),
      scores: card(pars([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, -1])),
    };
    const level = { userId: 'q', playingHandicap: 5, holes: played(5), scores: card(pars()) };
    // Same total, same last 9, 6 and 3; the 18th hole (a birdie) decides.
    expect(rankPlayers('stroke_net', [level, lastHole], 'e1').map((r) => r.player.userId)).toEqual([
      'p',
      'q',
    ]);
  });
  it('a full tie is decided by lot, the same way every time; players without a score are last', () => {
    const p = (userId: string) => ({ userId, playingHandicap: 5, holes: played(5), scores: card(pars()) });
    const none = { userId: 'z', playingHandicap: 1, holes: played(1), scores: [] };
    const first = rankPlayers('stableford', [none, p('m'), p('n')], 'e1');
    const again = rankPlayers('stableford', [p('n'), none, p('m')], 'e1');
    expect(first.map((r) => r.player.userId)).toEqual(again.map((r) => r.player.userId));
    expect(first[2]).toMatchObject({ position: null });
    expect(first[2].player.userId).toBe('z');
  });
});
