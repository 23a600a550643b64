/**
 * A round's arithmetic (issue 29, decisions.md): points and net per hole, totals, and the order of a
 * leaderboard with the Swedish tie rules. Pure, shared by the server's leaderboard and the phone's
 * scorecard (which keeps counting offline).
 */

export const SCORING_FORMATS = ['stableford', 'stroke_net', 'stroke_gross'] as const;
export type ScoringFormat = (typeof SCORING_FORMATS)[number];
export const SCORING_FORMAT_LABELS: Record<ScoringFormat, string> = {
  stableford: 'Poängbogey (stableford)',
  stroke_net: 'Slagspel netto',
  stroke_gross: 'Slagspel brutto',
};

/** A hole as a player plays it: par, stroke index and the strokes the player receives there. */
export interface PlayedHole {
  number: number;
  par: number;
  strokeIndex: number;
  /** Strokes received (negative for a plus player giving strokes back). */
  received: number;
}

/** A score on a hole: strokes taken, or null for a picked-up hole. */
export interface HoleScore {
  hole: number;
  strokes: number | null;
}

/** Stableford points on a hole: max(0, 2 + par + received − gross); a picked-up hole scores 0. */
export function stablefordPoints(hole: Pick<PlayedHole, 'par' | 'received'>, strokes: number | null): number {
  if (strokes == null) return 0;
  return Math.max(0, 2 + hole.par + hole.received - strokes);
}

/**
 * The gross strokes a hole counts for in stroke play: the strokes taken, or for a picked-up hole net
 * double bogey (par + 2 + strokes received), as WHS counts it.
 */
export function adjustedGross(hole: Pick<PlayedHole, 'par' | 'received'>, strokes: number | null): number {
  return strokes ?? hole.par + 2 + Math.max(0, hole.received);
}

/** Net strokes on a hole: the adjusted gross less the strokes received. */
export const netStrokes = (hole: Pick<PlayedHole, 'par' | 'received'>, strokes: number | null): number =>
  adjustedGross(hole, strokes) - hole.received;

/** A player's round so far. */
export interface RoundTotals {
  /** Holes with a score (picked-up holes count). */
  thru: number;
  gross: number;
  net: number;
  points: number;
  /** Par of the holes played, to show a stroke score against par while the round goes on. */
  parPlayed: number;
}

/** Totals over the holes a player has a score for. */
export function roundTotals(holes: readonly PlayedHole[], scores: readonly HoleScore[]): RoundTotals {
  const byNumber = new Map(holes.map((h) => [h.number, h]));
  const totals: RoundTotals = { thru: 0, gross: 0, net: 0, points: 0, parPlayed: 0 };
  for (const s of scores) {
    const hole = byNumber.get(s.hole);
    if (!hole) continue;
    totals.thru += 1;
    totals.gross += adjustedGross(hole, s.strokes);
    totals.net += netStrokes(hole, s.strokes);
    totals.points += stablefordPoints(hole, s.strokes);
    totals.parPlayed += hole.par;
  }
  return totals;
}

/** Totals over a run of holes (the card's 'Ut', 'In' and 'Totalt' lines, checked at 9 and 18). */
export function totalsOver(
  holes: readonly PlayedHole[],
  scores: readonly HoleScore[],
  from: number,
  to: number,
): RoundTotals {
  return roundTotals(
    holes.filter((h) => h.number >= from && h.number <= to),
    scores,
  );
}

/** A player as the leaderboard orders them. */
export interface RankedPlayer {
  userId: string;
  playingHandicap: number;
  holes: readonly PlayedHole[];
  scores: readonly HoleScore[];
}

/**
 * The holes of a countback: the last 9, 6, 3 and 1 of the round (holes 10-18, 13-18, 16-18, 18; with a
 * shotgun start the same holes by number, as decisions.md says). A 9-hole round compares the last 6, 3
 * and 1 (holes 4-9, 7-9, 9), the 18-hole steps scaled to the shorter round.
 */
export function countbackRanges(holeCount: number): [number, number][] {
  if (holeCount <= 9)
    return [
      [holeCount - 5, holeCount],
      [holeCount - 2, holeCount],
      [holeCount, holeCount],
    ];
  return [
    [holeCount - 8, holeCount],
    [holeCount - 5, holeCount],
    [holeCount - 2, holeCount],
    [holeCount, holeCount],
  ];
}

/** A deterministic 'lot' for the last tie: the same draw for the same event and player every time. */
export function lot(seed: string, userId: string): number {
  let h = 2166136261;
  for (const ch of `${seed}:${userId}`) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** The comparable figure of a format over some holes: higher is better for stableford, lower otherwise. */
function figure(format: ScoringFormat, t: RoundTotals): number {
  if (format === 'stableford') return -t.points;
  if (format === 'stroke_net') return t.net - t.parPlayed;
  return t.gross - t.parPlayed;
}

/**
 * Orders players for a leaderboard: by points (stableford) or strokes against par played (stroke play),
 * then lower playing handicap, then the countback, then lot (`seed`, e.g. the event id). Players without
 * a score come last, by name order of the caller's list.
 */
export function rankPlayers<P extends RankedPlayer>(
  format: ScoringFormat,
  players: readonly P[],
  seed: string,
): { player: P; totals: RoundTotals; position: number | null }[] {
  const withTotals = players.map((player, order) => ({
    player,
    order,
    totals: roundTotals(player.holes, player.scores),
  }));
  const started = withTotals.filter((p) => p.totals.thru > 0);
  const notStarted = withTotals.filter((p) => p.totals.thru === 0);
  const keyOf = (p: (typeof withTotals)[number]): number[] => {
    const holeCount = p.player.holes.length;
    const key = [figure(format, p.totals), format === 'stroke_gross' ? 0 : p.player.playingHandicap];
    for (const [from, to] of countbackRanges(holeCount))
      key.push(figure(format, totalsOver(p.player.holes, p.player.scores, from, to)));
    key.push(lot(seed, p.player.userId));
    return key;
  };
  const keys = new Map(started.map((p) => [p, keyOf(p)]));
  started.sort((a, b) => {
    const ka = keys.get(a) ?? [];
    const kb = keys.get(b) ?? [];
    for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return a.order - b.order;
  });
  return [
    ...started.map((p, i) => ({ player: p.player, totals: p.totals, position: i + 1 })),
    ...notStarted.map((p) => ({ player: p.player, totals: p.totals, position: null })),
  ];
}
