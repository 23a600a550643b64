import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconLockOpen } from '@tabler/icons-react';
import { useBlockMember, useBlocks, useUnblockMember } from '../api/blocks-api';

interface Props {
  memberId: string;
  /** The member's name as shown (the dialog's title). */
  name: string;
}

/**
 * 'Blockera' with a confirmation that explains what blocking does, or, for a member the caller has
 * blocked, a note and 'Ta bort blockering' (the member profile dialog).
 */
export function BlockMemberAction({ memberId, name }: Props) {
  const blocks = useBlocks();
  const block = useBlockMember();
  const unblock = useUnblockMember();
  const [confirming, { open, close }] = useDisclosure(false);
  const blocked = blocks.data?.some((b) => b.id === memberId) ?? false;

  const onBlock = () =>
    block.mutate(memberId, {
      onSuccess: () => {
        close();
        toastSuccess(msg.blockDone, `${name} ser dig inte längre och kan inte skriva till dig.`);
      },
      onError: (err) => toastError(msg.blockFailed, apiErrorMessage(err)),
    });
  const onUnblock = () =>
    unblock.mutate(memberId, {
      onSuccess: () => toastSuccess(msg.unblockDone),
      onError: (err) => toastError(msg.unblockFailed, apiErrorMessage(err)),
    });

  if (blocked) {
    return (
      <Alert color="gray" variant="light" icon={<IconBan size={20} />} title={`Du har blockerat ${name}`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Ni ser inte varandra och kan inte skriva till varandra.</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLockOpen size={16} />}
            onClick={onUnblock}
            loading={unblock.isPending}
          >
            {msg.unblockAction}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconBan size={16} />}
        onClick={open}
        disabled={blocks.isLoading}
      >
        {msg.blockAction}
      </Button>
      <Modal opened={confirming} onClose={close} title={`Blockera ${name}?`} centered>
        <Stack>
          <Text size="sm">{msg.blockConfirmText}</Text>
          <Text size="sm" c="dimmed">
            Du kan ta bort blockeringen när du vill under Integritet på din profil.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Avbryt
            </Button>
            <Button color="red" onClick={onBlock} loading={block.isPending}>
              {msg.blockAction}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
