import type { HoleScore, RoundTotals, ScoringFormat } from '@common/rules/scoring';
import type { LeaderboardRow } from '@common/schemas/scoring';
import type { QueuedScore } from './score-queue';

/** Strokes against par as a golfer reads it: '+3', '−1' (a real minus), '±0'. */
export function formatToPar(n: number): string {
  if (n === 0) return '±0';
  return n > 0 ? `+${n}` : `−${Math.abs(n)}`;
}

/** The running figure of a round in its format: '12 p' (stableford) or net/gross against par. */
export function runningFigure(format: ScoringFormat, t: RoundTotals): string {
  if (t.thru === 0) return '–';
  if (format === 'stableford') return `${t.points} p`;
  return formatToPar((format === 'stroke_net' ? t.net : t.gross) - t.parPlayed);
}

/** The figure a leaderboard row shows in its format ('–' before the first hole). */
export function leaderboardFigure(format: ScoringFormat, row: LeaderboardRow): string {
  if (row.thru === 0) return '–';
  if (format === 'stableford') return `${row.points} p`;
  if (format === 'stroke_net') return `${row.net} (${formatToPar(row.toPar)})`;
  return `${row.gross} (${formatToPar(row.toPar)})`;
}

/** The column heading of the leaderboard's figure. */
export const FIGURE_HEADING: Record<ScoringFormat, string> = {
  stableford: 'Poäng',
  stroke_net: 'Netto',
  stroke_gross: 'Brutto',
};

/**
 * A player's scores as the phone shows them: the server's, with the values still waiting in the queue
 * (newer, entered here) on top. Sorted by hole.
 */
export function mergeScores(
  server: readonly HoleScore[],
  queued: readonly QueuedScore[],
  eventId: number,
  userId: string,
): HoleScore[] {
  const byHole = new Map(server.map((s) => [s.hole, s.strokes]));
  for (const q of queued)
    if (q.eventId === eventId && q.userId === userId && !q.rejected) byHole.set(q.hole, q.strokes);
  return [...byHole.entries()].map(([hole, strokes]) => ({ hole, strokes })).sort((a, b) => a.hole - b.hole);
}

/** The holes in the order the group plays them, from its starting hole round to it again (shotgun). */
export function playingOrder(holeCount: number, startHole: number): number[] {
  const start = startHole >= 1 && startHole <= holeCount ? startHole : 1;
  return Array.from({ length: holeCount }, (_, i) => ((start - 1 + i) % holeCount) + 1);
}

/**
 * Where the card opens: the index (in the playing order) of the first hole some player has no score
 * for, or the last hole when the round is complete.
 */
export function firstOpenIndex(
  order: readonly number[],
  players: readonly { scores: readonly HoleScore[] }[],
): number {
  for (let i = 0; i < order.length; i += 1) {
    const hole = order[i];
    if (players.some((p) => !p.scores.some((s) => s.hole === hole))) return i;
  }
  return Math.max(0, order.length - 1);
}

/** The strokes received on a hole as dots ('●●'), or '−1' for a stroke given back; '' for none. */
export function receivedMarks(received: number): string {
  if (received > 0) return '●'.repeat(received);
  if (received < 0) return `−${Math.abs(received)}`;
  return '';
}

/** The spoken form of the received strokes (for screen readers, beside the dots). */
export function receivedLabel(received: number): string {
  if (received === 0) return 'Inga extraslag';
  if (received < 0) return `Ger tillbaka ${Math.abs(received)} slag`;
  return received === 1 ? '1 extraslag' : `${received} extraslag`;
}

/** The strokes the +/- buttons start from on an empty hole: par plus the strokes received. */
export const startingStrokes = (par: number, received: number): number =>
  Math.max(1, par + Math.max(0, received));

/** Position text: '1', 'T2' is not used (the Swedish rules break every tie); '–' before the first hole. */
export const positionText = (position: number | null): string => (position === null ? '–' : String(position));
