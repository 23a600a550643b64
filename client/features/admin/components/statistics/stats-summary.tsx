import { formatKr } from '@client/lib/format';
import type { StatsReport } from '@common/schemas/admin-statistics';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatPercent } from '../../lib/dashboard-format';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {/* A figure, not a heading (a div, so axe does not read a big bold paragraph as one). */}
      <Text component="div" fz={26} fw={700} lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {detail}
      </Text>
    </Paper>
  );
}

/** The period's key figures above the tables. */
export function StatsSummary({ totals }: { totals: StatsReport['totals'] }) {
  const marked = totals.present + totals.noShow;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      <Figure
        label="Anmälningar"
        value={String(totals.registrations)}
        detail={`${totals.cancellations} avbokningar`}
      />
      <Figure
        label="Fyllnadsgrad"
        value={formatPercent(totals.fillRate)}
        detail={`${totals.registered} av ${totals.places} platser`}
      />
      <Figure
        label="Uteblev"
        value={String(totals.noShow)}
        detail={
          marked
            ? `${formatPercent(Math.round((totals.noShow / marked) * 1000) / 10)} av markerade`
            : 'Ingen närvaro markerad'
        }
      />
      <Figure
        label="Intäkter netto"
        value={formatKr(totals.net)}
        detail={`${formatKr(totals.refunded)} återbetalt`}
      />
      <Figure label="Nya medlemmar" value={String(totals.newMembers)} detail="Gick med under perioden" />
      <Figure
        label="Aktiva medlemmar"
        value={String(totals.activeMembers)}
        detail="Anmälde sig eller skrev"
      />
    </SimpleGrid>
  );
}
