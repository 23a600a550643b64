import { formatKr } from '@client/lib/format';
import { PRO_PRICE_SEK } from '@common/limits';
import { Badge, Group, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

const FREE = ['Se evenemang', 'Begränsad tillgång till medlemmar', 'Skicka meddelanden till medlemmar'];
const PRO = [
  'Anmäl dig till alla evenemang',
  'Gruppchatt för dina evenemang',
  'Full tillgång till medlemmar',
  'Exklusiva erbjudanden',
  'Prioriterad anmälan',
];

/** Free versus Pro, side by side (one column on a phone). */
export function PlanComparison() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder p="lg" radius="md">
        <Title order={2} fz="lg">
          Gratis
        </Title>
        {/* A figure, not a paragraph that looks like a heading (axe p-as-heading, WCAG 1.3.1): a div. */}
        <Text component="div" fw={700} fz="xl" mt="xs">
          0 kr
        </Text>
        <List size="sm" mt="md" spacing={6}>
          {FREE.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
      </Paper>
      <Paper
        withBorder
        p="lg"
        radius="md"
        style={{ borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }}
      >
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Pro
          </Title>
          <Badge>Rekommenderas</Badge>
        </Group>
        <Text component="div" fw={700} fz="xl" mt="xs">
          {formatKr(PRO_PRICE_SEK)} per månad
        </Text>
        <List
          size="sm"
          mt="md"
          spacing={6}
          icon={<IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />}
        >
          {PRO.map((f) => (
            <List.Item key={f}>{f}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" mt="md">
          Ingen bindningstid – säg upp när du vill. Betala med kort eller mobil betalning.
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
