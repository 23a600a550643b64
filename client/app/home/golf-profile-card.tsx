import type { FullUser } from '@common/schemas/users';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

const NOT_SET = 'Not set';

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

/** 'Your Golf Profile' on the member dashboard: each field 'Not set' when empty (spec §2). */
export function GolfProfileCard({ user }: { user: FullUser }) {
  const handicap = user.handicap == null ? null : user.handicap.toLocaleString('sv-SE');
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="xl" mb="md">
        Your Golf Profile
      </Title>
      <Stack gap="sm">
        <Row label="Handicap" value={handicap} />
        <Row label="Home Club" value={user.club} />
        <Row label="Golf ID" value={user.golfId} />
        <Row label="Location" value={user.location} />
        <Row label="Interests" value={user.interests} />
      </Stack>
      <Button component={Link} to="/profile" variant="light" mt="lg" fullWidth>
        Update Profile
      </Button>
    </Card>
  );
}
