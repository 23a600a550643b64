import { formatKr } from '@client/lib/format';
import { PRO_PRICE_SEK } from '@common/limits';
import { Badge, Button, Group, List, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

const FREE = ['Se evenemang', 'Begränsad tillgång till medlemmar'];
const PRO = [
  'Anmäl dig till alla evenemang',
  'Full tillgång till medlemmar',
  'Exklusiva erbjudanden',
  'Prioriterad anmälan',
];

/** 'Uppgradera till Pro-medlemskap' (spec §2): Free versus Pro, 'Inte nu' and 'Uppgradera till Pro'. */
export function UpgradeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Uppgradera till Pro-medlemskap" size="lg" centered>
      <Stack>
        <Text>Du behöver ett Pro-medlemskap för att anmäla dig till evenemang.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper withBorder p="md" radius="md">
            <Title order={3} fz="md">
              Gratis
            </Title>
            <List size="sm" mt="xs" spacing={4}>
              {FREE.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
            <Text fw={700} mt="sm">
              Gratis
            </Text>
          </Paper>
          <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-primary-color-filled)' }}>
            <Group justify="space-between">
              <Title order={3} fz="md">
                Pro
              </Title>
              <Badge>Rekommenderas</Badge>
            </Group>
            <List
              size="sm"
              mt="xs"
              spacing={4}
              icon={<IconCheck size={14} color="var(--mantine-color-green-7)" />}
            >
              {PRO.map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
            </List>
            <Text fw={700} mt="sm">
              {formatKr(PRO_PRICE_SEK)} per månad
            </Text>
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Inte nu
          </Button>
          <Button component={Link} to="/subscription" onClick={onClose}>
            Uppgradera till Pro
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
