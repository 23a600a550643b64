import { useBlocks, useUnblockMember } from '@client/features/blocks/api/blocks-api';
import { apiErrorMessage } from '@client/lib/api';
import { formatDate } from '@client/lib/dates';
import { avatarSrc } from '@client/lib/images';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import type { BlockedMember } from '@common/schemas/blocks';
import { Alert, Avatar, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';

/** One blocked member: avatar, name, since when, and 'Ta bort blockering'. */
function BlockedRow({ member }: { member: BlockedMember }) {
  const unblock = useUnblockMember();
  const name = displayName(member);
  const onUnblock = () =>
    unblock.mutate(member.id, {
      onSuccess: () => toastSuccess(msg.unblockDone, `${name} kan se dig och skriva till dig igen.`),
      onError: (err) => toastError(msg.unblockFailed, apiErrorMessage(err)),
    });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" component="li">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Avatar
          src={avatarSrc(member.profileImageId, member.profileImageUrl)}
          radius="xl"
          color="golf"
          alt=""
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            Blockerad {formatDate(member.blockedAt)}
          </Text>
        </Stack>
      </Group>
      <Button
        size="xs"
        variant="default"
        onClick={onUnblock}
        loading={unblock.isPending}
        aria-label={`${msg.unblockAction}: ${name}`}
      >
        {msg.unblockAction}
      </Button>
    </Group>
  );
}

/** 'Blockerade medlemmar': the members the caller has blocked, each with 'Ta bort blockering'. */
export function PrivacyBlockedList() {
  const blocks = useBlocks();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Blockerade medlemmar
      </Title>
      <Text size="sm" c="dimmed">
        Ni ser inte varandra i medlemslistan eller varandras profiler och kan inte skriva till varandra. Den
        du blockerar får inte veta det.
      </Text>
      {blocks.isLoading ? (
        <Group justify="center" py="sm">
          <Loader size="sm" aria-label="Laddar blockerade medlemmar" />
        </Group>
      ) : blocks.error ? (
        <Alert color="red" variant="light">
          {apiErrorMessage(blocks.error, 'Listan kunde inte hämtas.')}
        </Alert>
      ) : blocks.data?.length ? (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Blockerade medlemmar"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {blocks.data.map((m) => (
            <BlockedRow key={m.id} member={m} />
          ))}
        </Stack>
      ) : (
        <Text size="sm">Du har inte blockerat någon.</Text>
      )}
    </Stack>
  );
}
