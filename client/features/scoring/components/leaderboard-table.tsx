import { RATING_GENDER_LABELS } from '@common/options';
import type { Leaderboard } from '@common/schemas/scoring';
import { Badge, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { FIGURE_HEADING, leaderboardFigure, positionText } from '../lib/score-display';

const MEDALS = ['etta', 'tvåa', 'trea'] as const;
const MEDAL_COLORS = ['yellow', 'gray', 'orange'] as const;

/**
 * The leaderboard's rows in the server's order (Swedish tie rules): position, name, Spel-hcp, 'Hål'
 * (thru) and the format's figure; the caller's row highlighted, the top three marked, not started last.
 */
export function LeaderboardTable({
  board,
  userId,
  limit,
}: {
  board: Leaderboard;
  userId?: string;
  /** Only the first rows (the event page's results); the caller's own row is shown anyway. */
  limit?: number;
}) {
  const rows = limit ? board.rows.filter((r, i) => i < limit || r.userId === userId) : board.rows;
  if (board.rows.length === 0) return <Text c="dimmed">Inga spelare ännu.</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder fz="sm" aria-label="Resultattavla">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Plac.</Table.Th>
            <Table.Th scope="col">Namn</Table.Th>
            <Table.Th scope="col" ta="right">
              Spel-hcp
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Hål
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {FIGURE_HEADING[board.format]}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const own = r.userId === userId;
            const medal = r.position !== null && r.position <= 3 ? r.position - 1 : -1;
            return (
              <Table.Tr
                key={r.userId}
                bg={own ? 'var(--mantine-color-golf-light)' : undefined}
                aria-current={own ? 'true' : undefined}
                data-testid={`leaderboard-row-${r.userId}`}
              >
                <Table.Td>
                  {medal >= 0 ? (
                    <Badge color={MEDAL_COLORS[medal]} variant="filled" circle>
                      {r.position}
                      <VisuallyHidden> ({MEDALS[medal]})</VisuallyHidden>
                    </Badge>
                  ) : (
                    positionText(r.position)
                  )}
                </Table.Td>
                <Table.Td fw={own ? 700 : undefined}>
                  {r.name}
                  {own ? ' (du)' : ''}
                </Table.Td>
                <Table.Td ta="right">{r.playingHandicap ?? '–'}</Table.Td>
                <Table.Td ta="right">{r.thru === 0 ? '–' : r.thru}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {leaderboardFigure(board.format, r)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const CONTEST_LABELS = { closest_to_pin: 'Närmast hål', longest_drive: 'Längsta drive' } as const;

/**
 * The side contests ('Närmast hål', 'Längsta drive') with winner and measure. `headingOrder`: the heading's
 * level under the page's own (an h2 on the leaderboard page, an h3 in the event page's golf section).
 */
export function ContestList({ board, headingOrder = 3 }: { board: Leaderboard; headingOrder?: 2 | 3 }) {
  if (board.contests.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={headingOrder} size="h3" fz="md">
        Tävlingar på hål
      </Title>
      <List listStyleType="none" spacing={2} size="sm">
        {board.contests.map((c) => (
          <List.Item key={c.id}>
            {contestLabel(c)}: <strong>{c.winnerName}</strong>
            {c.measure ? ` (${c.measure})` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** 'Närmast hål, hål 7, dam'. */
export function contestLabel(c: Leaderboard['contests'][number]): string {
  const gender = c.gender ? `, ${RATING_GENDER_LABELS[c.gender].toLowerCase()}` : '';
  return `${CONTEST_LABELS[c.type]}, hål ${c.hole}${gender}`;
}
