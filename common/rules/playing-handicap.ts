/**
 * Playing handicaps by the World Handicap System as the Swedish federation applies it (decisions.md,
 * issue 29): the one place the site turns a member's handicap index into strokes on a hole. Used by the
 * server (start list, ball groups, scorecards, leaderboard) and by the scorecard on the phone, which must
 * count the same points without a connection.
 */

/** A tee's rating for the player's gender, and how many holes the course has. */
export interface TeeRatingForPlayer {
  slope: number;
  courseRating: number;
  par: number;
}

/** The hole facts the strokes depend on. */
export interface StrokeHole {
  number: number;
  strokeIndex: number;
}

/** WHS rounds to the nearest whole number with .5 upward (towards more strokes, -1.5 → -1). */
const roundWhs = (value: number): number => Math.floor(value + 0.5 + 1e-9);

/**
 * The unrounded course handicap: HI × slope / 113 + (CR − par). On a 9-hole course the index is halved
 * and the tee's 9-hole rating and par are used (WHS rule 6.1b).
 */
export function courseHandicapExact(index: number, rating: TeeRatingForPlayer, holes: 9 | 18): number {
  const hi = holes === 9 ? index / 2 : index;
  return (hi * rating.slope) / 113 + (rating.courseRating - rating.par);
}

/** The course handicap as a player reads it on the slope table (rounded). */
export const courseHandicap = (index: number, rating: TeeRatingForPlayer, holes: 9 | 18): number =>
  roundWhs(courseHandicapExact(index, rating, holes));

/**
 * The playing handicap: the event's allowance (percent, default 100, 95 typical for individual
 * stableford) applied to the unrounded course handicap, then rounded. Negative for a plus player.
 */
export function playingHandicap(
  index: number,
  rating: TeeRatingForPlayer,
  holes: 9 | 18,
  allowancePercent = 100,
): number {
  return roundWhs((courseHandicapExact(index, rating, holes) * allowancePercent) / 100);
}

/**
 * Strokes received on each hole (by hole number) for a playing handicap: one per hole from stroke index 1
 * upward, a second round of strokes past the number of holes, and so on. A plus playing handicap gives
 * strokes back from the highest stroke index down (−1 gives back one on stroke index 18), shown as −1.
 */
export function strokesPerHole(playing: number, holes: readonly StrokeHole[]): Map<number, number> {
  const n = holes.length;
  const result = new Map<number, number>();
  if (n === 0) return result;
  const amount = Math.abs(playing);
  const base = Math.floor(amount / n);
  const extra = amount % n;
  for (const h of holes) {
    const gets = playing >= 0 ? h.strokeIndex <= extra : h.strokeIndex > n - extra;
    const strokes = base + (gets ? 1 : 0);
    result.set(h.number, playing >= 0 || strokes === 0 ? strokes : -strokes);
  }
  return result;
}
