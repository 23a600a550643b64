import { apiErrorMessage } from '@client/lib/api';
import { toastError } from '@client/lib/toast';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeleteAccount } from '../api/my-data-api';

/**
 * 'Ta bort mitt konto' in two steps: the dialog says what happens and asks the member to tick that
 * they understand; only then does the button send DELETE /api/me. Afterwards the site reloads logged out.
 */
export function DeleteAccount() {
  const [opened, { open, close }] = useDisclosure(false);
  const [understood, setUnderstood] = useState(false);
  const remove = useDeleteAccount();

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => window.location.assign('/?konto=borttaget'),
      onError: (err) =>
        toastError('Kontot kunde inte tas bort', apiErrorMessage(err, 'Försök igen om en stund.')),
    });

  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        w="fit-content"
        onClick={open}
      >
        Ta bort mitt konto
      </Button>
      <Modal
        opened={opened}
        onClose={() => {
          close();
          setUnderstood(false);
        }}
        title="Ta bort ditt konto?"
        centered
      >
        <Stack>
          <Text size="sm">När du tar bort ditt konto händer detta direkt:</Text>
          <List size="sm" spacing={4}>
            <List.Item>Din profil, e-postadress, bilder, kostpreferenser och inloggning raderas.</List.Item>
            <List.Item>
              Ett Pro-medlemskap avslutas utan fler betalningar (ingen återbetalning av perioden).
            </List.Item>
            <List.Item>
              Dina meddelanden finns kvar hos mottagarna med avsändaren 'Borttagen medlem'.
            </List.Item>
            <List.Item>Betalningar sparas utan namn och e-post så länge bokföringslagen kräver.</List.Item>
            <List.Item>Du loggas ut överallt och får ett sista e-postmeddelande som bekräftelse.</List.Item>
          </List>
          <Alert color="red" variant="light">
            Det går inte att ångra. Vill du ha en kopia av dina uppgifter, ladda ner dem först.
          </Alert>
          <Checkbox
            label="Jag förstår att mitt konto och mina uppgifter tas bort för gott"
            checked={understood}
            onChange={(e) => setUnderstood(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Avbryt
            </Button>
            <Button color="red" disabled={!understood} loading={remove.isPending} onClick={confirm}>
              Ta bort mitt konto
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
