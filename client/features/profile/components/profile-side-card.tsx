import { SubscriptionStatus } from '@client/features/billing/components/subscription-status';
import { formatHandicapOrNull } from '@common/rules/handicap';
import type { FullUser } from '@common/schemas/users';
import { Badge, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { AvatarUpload } from './avatar-upload';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value || 'Anges ej'}
      </Text>
    </Group>
  );
}

/** Free-text interests shown as badges, split on commas. */
export const interestList = (interests: string | null) =>
  (interests ?? '')
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The profile's side card (spec §2 'Profile'); the subscription part is the billing feature's. */
export function ProfileSideCard({ user }: { user: FullUser }) {
  const interests = interestList(user.interests);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <AvatarUpload user={user} />
        <Stack gap={2} align="center">
          <Title order={2} fz="xl" ta="center" style={{ overflowWrap: 'anywhere' }}>
            {user.fullName || user.email}
          </Title>
          {user.username && (
            <Text size="sm" c="dimmed">
              @{user.username}
            </Text>
          )}
          <Badge color={user.role === 'admin' ? 'red' : 'golf'} variant="light" mt={4}>
            {user.role === 'admin' ? 'Admin' : 'Medlem'}
          </Badge>
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Row label="Handicap" value={formatHandicapOrNull(user.handicap)} />
          <Row label="E-post" value={user.email} />
          <Row label="Ort" value={user.location} />
        </Stack>
        {(user.hasGolfstarMembership || user.hasGolfamoreCard) && (
          <Group gap={6} justify="center">
            {user.hasGolfstarMembership && <Badge color="yellow">Golfstar-medlem</Badge>}
            {user.hasGolfamoreCard && <Badge color="grape">Golfamore-kort</Badge>}
          </Group>
        )}
        <Divider />
        <SubscriptionStatus user={user} />
        {interests.length > 0 && (
          <>
            <Divider />
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Intressen
              </Text>
              <Group gap={6}>
                {interests.map((i) => (
                  <Badge key={i} variant="outline">
                    {i}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}
