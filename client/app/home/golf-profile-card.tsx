import { formatHandicapOrNull } from '@common/rules/handicap';
import type { FullUser } from '@common/schemas/users';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const NOT_SET = 'Inte angivet';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value || NOT_SET}
      </Text>
    </Group>
  );
}

/** 'Din golfprofil' on the member dashboard: each field 'Inte angivet' when empty (spec §2). */
export function GolfProfileCard({ user }: { user: FullUser }) {
  const handicap = formatHandicapOrNull(user.handicap);
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="xl" mb="md">
        Din golfprofil
      </Title>
      <Stack gap="sm">
        <Row label="Handicap" value={handicap} />
        <Row label="Hemmaklubb" value={user.club} />
        <Row label="Golf-ID" value={user.golfId} />
        <Row label="Ort" value={user.location} />
        <Row label="Intressen" value={user.interests} />
      </Stack>
      <Button component={Link} to="/profile" variant="light" mt="lg" fullWidth>
        Uppdatera profil
      </Button>
    </Card>
  );
}
