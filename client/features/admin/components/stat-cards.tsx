import type { AdminStats } from '@common/schemas/admin';
import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent, IconMessage, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPercent } from '../lib/dashboard-format';

function StatCard({
  label,
  value,
  detail,
  icon,
}: {
  label: string;
  value: string;
  detail: string;
  icon: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
        </div>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {detail}
      </Text>
    </Paper>
  );
}

/** The three stat cards: members with monthly growth, upcoming events with fill rate, messages with response rate. */
export function StatCards({ stats }: { stats: AdminStats }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard
        label="Medlemmar"
        value={stats.totalUsers.toLocaleString('sv-SE')}
        detail={`${formatPercent(stats.monthlyGrowth, true)} nya denna månad mot förra (${stats.newMembersThisMonth} mot ${stats.newMembersLastMonth})`}
        icon={<IconUsers size={20} />}
      />
      <StatCard
        label="Kommande evenemang"
        value={String(stats.upcomingEvents)}
        detail={`Anmälningsgrad ${formatPercent(stats.registrationRate)} av platserna`}
        icon={<IconCalendarEvent size={20} />}
      />
      <StatCard
        label="Olästa meddelanden"
        value={stats.unreadMessages.toLocaleString('sv-SE')}
        detail={`Svarsfrekvens ${formatPercent(stats.responseRate)} (senaste 30 dagarna)`}
        icon={<IconMessage size={20} />}
      />
    </SimpleGrid>
  );
}
