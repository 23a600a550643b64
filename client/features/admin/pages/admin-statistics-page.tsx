import { apiErrorMessage } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { defaultStatsPeriod, type Month, monthsBetween } from '@common/rules/stats-period';
import { Alert, Center, Container, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { statsCsvUrl, useStatsReport } from '../api/admin-statistics-api';
import { StatsEvents } from '../components/statistics/stats-events';
import { StatsMonths } from '../components/statistics/stats-months';
import { StatsSummary } from '../components/statistics/stats-summary';
import { monthOptions } from '../lib/stats-format';

/**
 * /admin/statistik 'Statistik och rapporter': registrations, fill rate, no-shows, revenue and members for
 * a period of months (the last 12 by default), each table also as a CSV file.
 */
export function AdminStatisticsPage() {
  usePageTitle('Statistik och rapporter');
  const initial = useMemo(() => defaultStatsPeriod(), []);
  const options = useMemo(() => monthOptions(initial.to), [initial.to]);
  const [from, setFrom] = useState<Month>(initial.from);
  const [to, setTo] = useState<Month>(initial.to);
  const report = useStatsReport(from, to);
  // Choosing a start after the end (or an end before the start) moves the other bound along.
  const pickFrom = (v: string | null) => {
    if (!v) return;
    setFrom(v);
    if (monthsBetween(v, to) < 1) setTo(v);
  };
  const pickTo = (v: string | null) => {
    if (!v) return;
    setTo(v);
    if (monthsBetween(from, v) < 1) setFrom(v);
  };

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={1}>Statistik och rapporter</Title>
            <Text c="dimmed" size="sm">
              Anmälningar, fyllnadsgrad, närvaro, intäkter och medlemmar för en period.
            </Text>
          </div>
          <Group gap="sm" wrap="nowrap">
            <Select
              label="Från"
              data={options}
              value={from}
              onChange={pickFrom}
              allowDeselect={false}
              w={160}
            />
            <Select label="Till" data={options} value={to} onChange={pickTo} allowDeselect={false} w={160} />
          </Group>
        </Group>
        {report.isPending ? (
          <Center py="xl">
            <Loader aria-label="Hämtar statistiken" />
          </Center>
        ) : report.isError ? (
          <Alert color="red">Statistiken kunde inte hämtas. {apiErrorMessage(report.error)}</Alert>
        ) : (
          <>
            <StatsSummary totals={report.data.totals} />
            <StatsMonths report={report.data} csvUrl={statsCsvUrl('months', from, to)} />
            <StatsEvents report={report.data} csvUrl={statsCsvUrl('events', from, to)} />
          </>
        )}
      </Stack>
    </Container>
  );
}
