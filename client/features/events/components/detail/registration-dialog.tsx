import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';

interface Props {
  opened: boolean;
  full: boolean;
  pending: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (v: { dietaryPreferences: string; notes: string }) => void;
}

/** The registration dialog (spec §2): dietary preferences, optional notes, a waitlist notice when full. */
export function RegistrationDialog({ opened, full, pending, title, onClose, onSubmit }: Props) {
  const [dietaryPreferences, setDiet] = useState('');
  const [notes, setNotes] = useState('');
  return (
    <Modal opened={opened} onClose={onClose} title={`Registrera dig till ${title}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit({ dietaryPreferences, notes });
        }}
      >
        <Stack>
          {full ? (
            <Alert color="orange" icon={<IconInfoCircle size={18} />} title="Eventet är fullbokat">
              Du placeras på väntelistan och flyttas automatiskt upp när en plats blir ledig.
            </Alert>
          ) : null}
          <Textarea
            label="Kostpreferenser / allergier"
            placeholder="T.ex. vegetarisk, glutenfri, nötallergi"
            autosize
            minRows={2}
            maxLength={1000}
            value={dietaryPreferences}
            onChange={(e) => setDiet(e.currentTarget.value)}
          />
          <Textarea
            label="Övriga önskemål (valfritt)"
            placeholder="T.ex. önskemål om boende eller samåkning"
            autosize
            minRows={2}
            maxLength={5000}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Avbryt
            </Button>
            <Button type="submit" loading={pending}>
              Slutför registrering
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
