import { avatarSrc } from '@client/lib/images';
import { displayName } from '@common/rules/display-name';
import { formatHandicapOrNull } from '@common/rules/handicap';
import type { MemberListItem } from '@common/schemas/users';
import { Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFlag, IconGolf, IconMapPin, IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export const NOT_GIVEN = 'Anges ej';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string | null }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || NOT_GIVEN}
      </Text>
    </Group>
  );
}

export interface MemberCardProps {
  member: MemberListItem;
  isSelf: boolean;
  onOpen: () => void;
  onMessage: () => void;
}

/** A directory card (spec §2): name, Admin badge, avatar, handicap, club, location; the card opens the profile. */
export function MemberCard({ member, isSelf, onOpen, onMessage }: MemberCardProps) {
  const name = displayName(member);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      onClick={onOpen}
      style={{ cursor: 'pointer', height: '100%' }}
      aria-label={name}
      component="article"
    >
      <Group wrap="nowrap" align="flex-start" mb="md">
        <Avatar
          src={avatarSrc(member.profileImageId, member.profileImageUrl)}
          size={56}
          radius="xl"
          color="golf"
          alt=""
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {member.role === 'admin' && (
            <Badge color="red" variant="light" w="fit-content">
              Admin
            </Badge>
          )}
        </Stack>
      </Group>
      <Stack gap={6} mb="md" style={{ flexGrow: 1 }}>
        <Fact icon={<IconGolf size={16} />} label="Handicap" value={formatHandicapOrNull(member.handicap)} />
        <Fact icon={<IconFlag size={16} />} label="Klubb" value={member.club} />
        <Fact icon={<IconMapPin size={16} />} label="Ort" value={member.location} />
      </Stack>
      <Stack gap="xs" onClick={(e) => e.stopPropagation()}>
        {!isSelf && (
          <Button variant="light" fullWidth leftSection={<IconMessage size={16} />} onClick={onMessage}>
            Skicka meddelande
          </Button>
        )}
        <Button variant="outline" fullWidth onClick={onOpen}>
          Visa profil
        </Button>
      </Stack>
    </Card>
  );
}

/** Placeholder card while the directory loads. */
export function MemberCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="member-skeleton">
      <Group wrap="nowrap" mb="md">
        <Skeleton height={56} circle />
        <Skeleton height={18} width="60%" />
      </Group>
      <Skeleton height={12} mb={8} />
      <Skeleton height={12} mb={8} />
      <Skeleton height={12} width="70%" mb="md" />
      <Skeleton height={34} />
    </Card>
  );
}
