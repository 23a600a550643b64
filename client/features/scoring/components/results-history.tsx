import { apiErrorStatus } from '@client/lib/api';
import { formatDate } from '@client/lib/dates';
import { SCORING_FORMAT_LABELS } from '@common/rules/scoring';
import type { ResultHistoryItem } from '@common/schemas/scoring';
import { Anchor, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useResultsHistory } from '../api/scoring-api';

/** A result's figure: points in stableford, net strokes in stroke play. */
export function resultFigure(item: ResultHistoryItem): string {
  if (item.format === 'stableford') return item.points === null ? '–' : `${item.points} p`;
  return item.net === null ? '–' : `${item.net} netto`;
}

/**
 * 'Resultat' on a member's profile and the own profile: the golf days with final results (event, date,
 * format, position, points or net). The server applies the member's privacy setting; a refusal shows a
 * line instead of the list.
 */
export function ResultsHistory({ userId, own = false }: { userId: string; own?: boolean }) {
  const results = useResultsHistory(userId);
  const headingId = `results-${userId}`;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={own ? 2 : 3} fz={own ? 'lg' : 'md'} id={headingId}>
          Resultat
        </Title>
        {results.isLoading ? (
          <Skeleton height={60} />
        ) : !results.data ? (
          <Text size="sm" c="dimmed">
            {apiErrorStatus(results.error) === 403
              ? 'Medlemmen visar inte sina resultat.'
              : 'Resultaten kunde inte laddas.'}
          </Text>
        ) : results.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {own ? 'Du har inga resultat ännu.' : 'Inga resultat ännu.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table fz="sm" striped aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Evenemang</Table.Th>
                  <Table.Th scope="col">Datum</Table.Th>
                  <Table.Th scope="col">Spelform</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Placering
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Resultat
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.data.map((r) => (
                  <Table.Tr key={r.eventId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/events/${r.eventId}`}>
                        {r.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(r.date)}</Table.Td>
                    <Table.Td>{SCORING_FORMAT_LABELS[r.format]}</Table.Td>
                    <Table.Td ta="right">
                      {r.position} av {r.players}
                    </Table.Td>
                    <Table.Td ta="right">{resultFigure(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </section>
  );
}
