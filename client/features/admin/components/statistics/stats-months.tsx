import '@mantine/charts/styles.css';
import { formatKr } from '@client/lib/format';
import type { StatsReport } from '@common/schemas/admin-statistics';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { monthLabel, shortMonthLabel } from '../../lib/stats-format';
import { CsvButton } from './csv-button';

/** Two charts of the months: registrations and new members, and net revenue. */
function MonthCharts({ months }: { months: StatsReport['months'] }) {
  const data = months.map((m) => ({
    month: shortMonthLabel(m.month),
    Anmälningar: m.registrations,
    'Nya medlemmar': m.newMembers,
    'Netto (kr)': m.net,
  }));
  return (
    // inert: the charts repeat the table below, which is what a screen reader reads.
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" inert>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} size="sm" mb="xs">
          Anmälningar och nya medlemmar
        </Text>
        <BarChart
          h={200}
          data={data}
          dataKey="month"
          series={[
            { name: 'Anmälningar', color: 'golf.6' },
            { name: 'Nya medlemmar', color: 'blue.5' },
          ]}
          tickLine="y"
          gridAxis="y"
          withLegend
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} size="sm" mb="xs">
          Intäkter netto per månad
        </Text>
        <BarChart
          h={200}
          data={data}
          dataKey="month"
          series={[{ name: 'Netto (kr)', color: 'teal.6' }]}
          tickLine="y"
          gridAxis="y"
        />
      </Paper>
    </SimpleGrid>
  );
}

/** 'Per månad': the period's months as charts and a table with a sum row, and its CSV file. */
export function StatsMonths({ report, csvUrl }: { report: StatsReport; csvUrl: string }) {
  const t = report.totals;
  return (
    <Stack gap="sm" component="section" aria-labelledby="stats-months-heading">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id="stats-months-heading">
          Per månad
        </Title>
        <CsvButton href={csvUrl} label="Ladda ner CSV per månad" />
      </Group>
      <MonthCharts months={report.months} />
      {/* Focusable: a keyboard can scroll the table sideways on a phone. */}
      <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
        <Table striped withTableBorder verticalSpacing="xs" aria-labelledby="stats-months-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Månad</Table.Th>
              <Table.Th ta="right">Anmälningar</Table.Th>
              <Table.Th ta="right">Avbokningar</Table.Th>
              <Table.Th ta="right">Nya medlemmar</Table.Th>
              <Table.Th ta="right">Aktiva medlemmar</Table.Th>
              <Table.Th ta="right">Betalt</Table.Th>
              <Table.Th ta="right">Återbetalt</Table.Th>
              <Table.Th ta="right">Netto</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{monthLabel(m.month)}</Table.Td>
                <Table.Td ta="right">{m.registrations}</Table.Td>
                <Table.Td ta="right">{m.cancellations}</Table.Td>
                <Table.Td ta="right">{m.newMembers}</Table.Td>
                <Table.Td ta="right">{m.activeMembers}</Table.Td>
                <Table.Td ta="right">{formatKr(m.paid)}</Table.Td>
                <Table.Td ta="right">{formatKr(m.refunded)}</Table.Td>
                <Table.Td ta="right">{formatKr(m.net)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>Totalt</Table.Td>
              <Table.Td ta="right">{t.registrations}</Table.Td>
              <Table.Td ta="right">{t.cancellations}</Table.Td>
              <Table.Td ta="right">{t.newMembers}</Table.Td>
              <Table.Td ta="right">{t.activeMembers}</Table.Td>
              <Table.Td ta="right">{formatKr(t.paid)}</Table.Td>
              <Table.Td ta="right">{formatKr(t.refunded)}</Table.Td>
              <Table.Td ta="right">{formatKr(t.net)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        Aktiva medlemmar: anmälde sig till ett evenemang eller skrev ett meddelande under månaden (totalen
        räknar varje medlem en gång). Belopp avser avgifter betalda och återbetalda på webbplatsen.
      </Text>
    </Stack>
  );
}
