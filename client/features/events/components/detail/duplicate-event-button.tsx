import { apiErrorMessage } from '@client/lib/api';
import { toastSuccess } from '@client/lib/toast';
import { DUPLICATE_WEEKS_MAX } from '@common/limits';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDuplicateEvent } from '../../api/organiser-api';

/** 'Duplicera' (admins): a copy of the event for next time, opened in the form for editing. */
export function DuplicateEventButton({ eventId }: { eventId: number }) {
  const [open, setOpen] = useState(false);
  const [weeks, setWeeks] = useState<number | string>(52);
  const duplicate = useDuplicateEvent(eventId);
  const navigate = useNavigate();

  const submit = () =>
    duplicate.mutate(Number(weeks), {
      onSuccess: (copy) => {
        setOpen(false);
        toastSuccess('Evenemanget är duplicerat', 'Kontrollera uppgifterna och spara.');
        navigate(`/events/${copy.id}?edit=1`);
      },
    });

  return (
    <>
      <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => setOpen(true)}>
        Duplicera
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Duplicera evenemanget">
        <Stack>
          <Text size="sm">
            En kopia med samma uppgifter och bild skapas, utan anmälningar. Alla datum flyttas lika många
            veckor framåt.
          </Text>
          <NumberInput
            label="Flytta datumen (veckor)"
            min={1}
            max={DUPLICATE_WEEKS_MAX}
            value={weeks}
            onChange={setWeeks}
            allowDecimal={false}
          />
          {duplicate.error ? <Alert color="red">{apiErrorMessage(duplicate.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Avbryt
            </Button>
            <Button onClick={submit} loading={duplicate.isPending}>
              Duplicera
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
