import type { OrderOfMeritRules } from '@common/schemas/scoring';

/** One finishing position of a member at one final event of the season. */
export interface SeasonFinish {
  userId: string;
  name: string;
  position: number;
}

/** A line of the season table before it is presented. */
export interface SeasonLine {
  position: number;
  userId: string;
  name: string;
  points: number;
  played: number;
  counted: number;
}

/**
 * The season table (issue 29): each finish earns the points of its position (`pointsPerPosition[0]` for
 * a win, 0 past the list); a member's best `bestOf` events count. Ordered by points, then more events
 * counted, then name; equal points and counted events share a position (1, 2, 2, 4).
 */
export function seasonTable(rules: OrderOfMeritRules, finishes: readonly SeasonFinish[]): SeasonLine[] {
  const byMember = new Map<string, { name: string; earned: number[] }>();
  for (const f of finishes) {
    const entry = byMember.get(f.userId) ?? { name: f.name, earned: [] };
    entry.earned.push(rules.pointsPerPosition[f.position - 1] ?? 0);
    byMember.set(f.userId, entry);
  }
  const lines = [...byMember.entries()].map(([userId, { name, earned }]) => {
    const best = [...earned].sort((a, b) => b - a).slice(0, rules.bestOf);
    return {
      userId,
      name,
      points: best.reduce((s, p) => s + p, 0),
      played: earned.length,
      counted: best.length,
    };
  });
  lines.sort(
    (a, b) =>
      b.points - a.points ||
      b.counted - a.counted ||
      a.name.localeCompare(b.name, 'sv') ||
      (a.userId < b.userId ? -1 : 1),
  );
  return lines.map((l, i) => {
    let position = i + 1;
    for (let j = i - 1; j >= 0 && lines[j].points === l.points && lines[j].counted === l.counted; j--)
      position = j + 1;
    return { position, ...l };
  });
}
