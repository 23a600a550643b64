import { roundTotals } from '@common/rules/scoring';
import type { LeaderboardRow } from '@common/schemas/scoring';
import { describe, expect, it } from 'vitest';
import {
  firstOpenIndex,
  formatToPar,
  leaderboardFigure,
  mergeScores,
  playingOrder,
  receivedLabel,
  receivedMarks,
  runningFigure,
  startingStrokes,
} from './score-display';
import type { QueuedScore } from './score-queue';

const U = '00000000-0000-4000-8000-000000000001';

describe('formatToPar', () => {
  it('writes plus, a real minus and ±0', () => {
    expect([3, -1, 0].map(formatToPar)).toEqual(['+3', '−1', '±0']);
  });
});

describe('runningFigure', () => {
  const holes = [
    { number: 1, par: 4, strokeIndex: 1, received: 2 },
    { number: 2, par: 3, strokeIndex: 2, received: 1 },
  ];
  it('counts stableford points with the shared rules (gross 5 on a par 4 with 2 strokes → 3 p)', () => {
    const t = roundTotals(holes, [{ hole: 1, strokes: 5 }]);
    expect(runningFigure('stableford', t)).toBe('3 p');
  });
  it('shows net and gross against par; a picked-up hole counts as net double bogey', () => {
    const t = roundTotals(holes, [
      { hole: 1, strokes: 5 },
      { hole: 2, strokes: null },
    ]);
    // hole 1: net 3 on par 4; hole 2: adjusted gross 3+2+1 = 6, net 5 on par 3 → net +1, gross +4
    expect(runningFigure('stroke_net', t)).toBe('+1');
    expect(runningFigure('stroke_gross', t)).toBe('+4');
  });
  it('shows a dash before the first hole', () => {
    expect(runningFigure('stableford', roundTotals(holes, []))).toBe('–');
  });
});

describe('leaderboardFigure', () => {
  const row: LeaderboardRow = {
    position: 1,
    userId: U,
    name: 'Anna',
    playingHandicap: 12,
    thru: 9,
    gross: 44,
    net: 38,
    points: 19,
    toPar: 2,
  };
  it('shows the format’s figure', () => {
    expect(leaderboardFigure('stableford', row)).toBe('19 p');
    expect(leaderboardFigure('stroke_net', row)).toBe('38 (+2)');
    expect(leaderboardFigure('stroke_gross', row)).toBe('44 (+2)');
    expect(leaderboardFigure('stableford', { ...row, thru: 0 })).toBe('–');
  });
});

describe('mergeScores', () => {
  const queued = (hole: number, strokes: number | null, extra: Partial<QueuedScore> = {}): QueuedScore => ({
    key: `5:${U}:${hole}`,
    eventId: 5,
    userId: U,
    hole,
    strokes,
    enteredAt: '2026-06-14T08:00:00.000Z',
    rejected: null,
    ...extra,
  });
  it('puts the values waiting on the phone over the server’s, by hole', () => {
    expect(
      mergeScores(
        [
          { hole: 2, strokes: 5 },
          { hole: 1, strokes: 4 },
        ],
        [queued(2, null), queued(3, 6)],
        5,
        U,
      ),
    ).toEqual([
      { hole: 1, strokes: 4 },
      { hole: 2, strokes: null },
      { hole: 3, strokes: 6 },
    ]);
  });
  it('ignores other events, other players and refused values', () => {
    expect(
      mergeScores(
        [{ hole: 1, strokes: 4 }],
        [queued(1, 9, { eventId: 6 }), queued(1, 8, { userId: 'x' }), queued(1, 7, { rejected: 'Nej' })],
        5,
        U,
      ),
    ).toEqual([{ hole: 1, strokes: 4 }]);
  });
});

describe('playingOrder', () => {
  it('starts at the group’s hole and goes round (shotgun)', () => {
    expect(playingOrder(18, 1).slice(0, 3)).toEqual([1, 2, 3]);
    expect(playingOrder(18, 10)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(playingOrder(9, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('firstOpenIndex', () => {
  it('opens the card on the first hole in playing order that someone has not scored', () => {
    const order = playingOrder(18, 10);
    const a = { scores: [10, 11, 12].map((hole) => ({ hole, strokes: 4 })) };
    const b = { scores: [10, 11].map((hole) => ({ hole, strokes: 4 })) };
    expect(firstOpenIndex(order, [a, b])).toBe(2);
    expect(firstOpenIndex(order, [])).toBe(17);
    expect(firstOpenIndex(order, [{ scores: order.map((hole) => ({ hole, strokes: null })) }])).toBe(17);
  });
});

describe('received strokes', () => {
  it('draws dots for strokes received and a minus for a stroke given back', () => {
    expect([0, 1, 2, -1].map(receivedMarks)).toEqual(['', '●', '●●', '−1']);
    expect([0, 1, 2, -1].map(receivedLabel)).toEqual([
      'Inga extraslag',
      '1 extraslag',
      '2 extraslag',
      'Ger tillbaka 1 slag',
    ]);
  });
  it('starts the buttons at net par', () => {
    expect(startingStrokes(4, 1)).toBe(5);
    expect(startingStrokes(3, -1)).toBe(3);
  });
});
