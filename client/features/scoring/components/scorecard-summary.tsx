import { type HoleScore, type ScoringFormat, totalsOver } from '@common/rules/scoring';
import type { ScorecardPlayer } from '@common/schemas/scoring';
import { Table, Text } from '@mantine/core';
import { runningFigure } from '../lib/score-display';

/** The lines of a card's check: 'Ut' (1-9) and 'In' (10-18) on 18 holes, and 'Totalt'. */
export function summaryLines(holeCount: 9 | 18): { label: string; from: number; to: number }[] {
  return holeCount === 18
    ? [
        { label: 'Ut', from: 1, to: 9 },
        { label: 'In', from: 10, to: 18 },
        { label: 'Totalt', from: 1, to: 18 },
      ]
    : [{ label: 'Totalt', from: 1, to: 9 }];
}

/**
 * The group's totals to check at 9 and 18 ('Ut', 'In', 'Totalt'): per player the holes played, the gross
 * strokes and the format's figure, counted by the shared rules (common/rules/scoring.ts).
 */
export function ScorecardSummary({
  players,
  scoresOf,
  format,
  holeCount,
}: {
  players: ScorecardPlayer[];
  scoresOf: (p: ScorecardPlayer) => HoleScore[];
  format: ScoringFormat;
  holeCount: 9 | 18;
}) {
  const lines = summaryLines(holeCount);
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder fz="sm" aria-label="Summering av scorekortet">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Spelare</Table.Th>
            {lines.map((l) => (
              <Table.Th scope="col" key={l.label} ta="right">
                {l.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {players.map((p) => (
            <Table.Tr key={p.userId}>
              <Table.Th scope="row" fw={500}>
                {p.name}
              </Table.Th>
              {lines.map((l) => {
                const t = totalsOver(p.holes, scoresOf(p), l.from, l.to);
                const span = l.to - l.from + 1;
                return (
                  <Table.Td key={l.label} ta="right" data-testid={`summary-${p.userId}-${l.label}`}>
                    {t.thru === 0 ? (
                      '–'
                    ) : (
                      <>
                        <Text span fw={600}>
                          {t.gross}
                        </Text>
                        <Text span c="dimmed">
                          {' '}
                          / {runningFigure(format, t)}
                        </Text>
                        {t.thru < span ? (
                          <Text span c="orange.8" size="xs">
                            {' '}
                            ({t.thru} av {span})
                          </Text>
                        ) : null}
                      </>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
