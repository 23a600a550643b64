import type { AdminStats } from '@common/schemas/admin';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

/** Quick overview: active members, upcoming events and today's new registrations (counted, not a fixed 0). */
export function QuickOverview({ stats }: { stats: AdminStats }) {
  const rows = [
    { label: 'Aktiva medlemmar (30 dagar)', value: stats.activeMembers },
    { label: 'Kommande evenemang', value: stats.upcomingEvents },
    { label: 'Nya anmälningar idag', value: stats.newRegistrationsToday },
    { label: 'Pro-medlemmar', value: stats.proMembers },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="quick-overview-heading">
      <Title order={2} fz="lg" id="quick-overview-heading" mb="sm">
        Snabböversikt
      </Title>
      <Stack gap="xs">
        {rows.map((r) => (
          <Group key={r.label} justify="space-between" wrap="nowrap">
            <Text size="sm">{r.label}</Text>
            <Text fw={700}>{r.value.toLocaleString('sv-SE')}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
