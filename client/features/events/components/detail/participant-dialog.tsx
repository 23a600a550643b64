import { formatDate } from '@client/lib/dates';
import { avatarSrc } from '@client/lib/images';
import { CIVIL_STATUS_LABELS } from '@common/options';
import { avatarInitial, displayName } from '@common/rules/display-name';
import { formatHandicapOrNull } from '@common/rules/handicap';
import type { PublicUser } from '@common/schemas/users';
import { Avatar, Badge, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function Field({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** The participant dialog (spec §2): name, avatar, Admin badge, facts, Om mig, Golf, interests, message button. */
export function ParticipantDialog({
  user,
  canMessage,
  onClose,
}: {
  user: PublicUser | null;
  canMessage: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Deltagare" centered>
      {user ? (
        <Stack gap="sm">
          <Group wrap="nowrap">
            <Avatar
              src={avatarSrc(user.profileImageId, user.profileImageUrl)}
              size="lg"
              radius="xl"
              color="golf"
            >
              {avatarInitial(user)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Title order={3} fz="lg">
                  {displayName(user)}
                </Title>
                {user.role === 'admin' ? <Badge color="red">Admin</Badge> : null}
              </Group>
              <Text size="sm" c="dimmed">
                {[
                  user.age ? `${user.age} år` : null,
                  user.location,
                  user.civilStatus ? CIVIL_STATUS_LABELS[user.civilStatus] : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
          </Group>
          <Divider label="Om mig" labelPosition="left" />
          <Field label="Yrke" value={user.profession} />
          <Field label="Födelsedatum" value={user.birthDate ? formatDate(user.birthDate) : null} />
          <Field label="Barn" value={user.children} />
          <Field label="Jag söker..." value={user.lifeCircumstance} />
          <Field label="Dröm" value={user.dream} />
          <Divider label="Golf" labelPosition="left" />
          <Field label="Handicap" value={formatHandicapOrNull(user.handicap)} />
          <Field label="Klubb" value={user.club} />
          <Field label="Golf-ID" value={user.golfId} />
          {user.meetupInterests.length ? (
            <>
              <Divider label="Intressen" labelPosition="left" />
              <Group gap={4}>
                {user.meetupInterests.map((i) => (
                  <Badge key={i} variant="light">
                    {i}
                  </Badge>
                ))}
              </Group>
            </>
          ) : null}
          {canMessage ? (
            <Button
              component={Link}
              to={`/messages?recipient=${encodeURIComponent(user.id)}`}
              leftSection={<IconMessage size={16} />}
              mt="sm"
            >
              Skicka meddelande
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
