import { formatDate } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { EVENT_STATUS_LABELS, type EventStatus } from '@common/options';
import type { StatsReport } from '@common/schemas/admin-statistics';
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatPercent } from '../../lib/dashboard-format';
import { CsvButton } from './csv-button';

/** 'Per evenemang': each event starting in the period, its fill rate, attendance and fees, and its CSV file. */
export function StatsEvents({ report, csvUrl }: { report: StatsReport; csvUrl: string }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="stats-events-heading">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id="stats-events-heading">
          Per evenemang
        </Title>
        <CsvButton href={csvUrl} label="Ladda ner CSV per evenemang" />
      </Group>
      {report.events.length === 0 ? (
        <Text c="dimmed">Inga evenemang under perioden.</Text>
      ) : (
        // Focusable: a keyboard can scroll the table sideways on a phone.
        <Table.ScrollContainer minWidth={860} type="native" tabIndex={0}>
          <Table striped withTableBorder verticalSpacing="xs" aria-labelledby="stats-events-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Datum</Table.Th>
                <Table.Th>Evenemang</Table.Th>
                <Table.Th ta="right">Anmälda</Table.Th>
                <Table.Th ta="right">Reservlista</Table.Th>
                <Table.Th ta="right">Fyllnadsgrad</Table.Th>
                <Table.Th ta="right">Närvarande</Table.Th>
                <Table.Th ta="right">Uteblev</Table.Th>
                <Table.Th ta="right">Betalt</Table.Th>
                <Table.Th ta="right">Återbetalt</Table.Th>
                <Table.Th ta="right">Netto</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.startTime)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/events/${e.id}`} style={{ overflowWrap: 'anywhere' }}>
                      {e.title}
                    </Anchor>
                    {e.status === 'cancelled' ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({EVENT_STATUS_LABELS[e.status as EventStatus]})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    {e.registered}/{e.maxParticipants}
                  </Table.Td>
                  <Table.Td ta="right">{e.waitlisted}</Table.Td>
                  <Table.Td ta="right">{formatPercent(e.fillRate)}</Table.Td>
                  <Table.Td ta="right">{e.present}</Table.Td>
                  <Table.Td ta="right">{e.noShow}</Table.Td>
                  <Table.Td ta="right">{formatKr(e.paid)}</Table.Td>
                  <Table.Td ta="right">{formatKr(e.refunded)}</Table.Td>
                  <Table.Td ta="right">{formatKr(e.net)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
