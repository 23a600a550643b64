import { DIETARY_PREFERENCES_MAX, TEXT_LONG_MAX } from '@common/limits';

import { msg } from '@common/messages';
import type { RoomWishValue } from '@common/rules/room-wish';
import type { EventDetail } from '@common/schemas/events';
import { Alert, Button, Checkbox, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { registrationTerms } from '../../lib/registration-terms';
import { RegistrationRoomWish } from '../room-wish/registration-room-wish';
import { readRoomWish } from '../room-wish/room-wish-field';

/** What the member answers in the dialog (POST /api/events/{id}/register). */
export interface RegistrationAnswers extends Partial<RoomWishValue> {
  dietaryPreferences: string;
  dietaryConsent: boolean;
  notes: string;
}

interface Props {
  opened: boolean;
  full: boolean;
  pending: boolean;
  event: Pick<EventDetail, 'title' | 'price' | 'payOnline' | 'cancellationDeadline' | 'lateCancellationFee'>;
  onClose: () => void;
  onSubmit: (v: RegistrationAnswers) => void;
}

/** What it costs, how it is paid and the cancellation terms, before the member confirms (issue 27). */
function Terms({ event, full }: { event: Props['event']; full: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack component="dl" gap={6} m={0}>
        {registrationTerms(event, full).map((term) => (
          <div key={term.label}>
            <Text component="dt" size="xs" c="dimmed">
              {term.label}
            </Text>
            <Text component="dd" size="sm" m={0} fw={term.label === 'Pris' ? 700 : undefined}>
              {term.text}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * The registration dialog (spec §2): what it costs and the cancellation terms, dietary preferences with
 * their own consent (health data: stored only when the member agrees), optional notes, a waitlist notice
 * when full.
 */
export function RegistrationDialog({ opened, full, pending, event, onClose, onSubmit }: Props) {
  const { title } = event;
  const [dietaryPreferences, setDiet] = useState('');
  const [notes, setNotes] = useState('');
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title={`Anmäl dig till ${title}`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (dietaryPreferences.trim() && !consent) {
            setConsentError(msg.dietaryConsentRequired);
            return;
          }
          onSubmit({ dietaryPreferences, dietaryConsent: consent, notes, ...readRoomWish(e.currentTarget) });
        }}
      >
        <Stack>
          {full ? (
            <Alert color="orange" icon={<IconInfoCircle size={18} />} title="Evenemanget är fullbokat">
              Du placeras på reservlistan och flyttas automatiskt upp när en plats blir ledig.
            </Alert>
          ) : null}
          <Terms event={event} full={full} />
          <Textarea
            label="Kostpreferenser / allergier"
            placeholder="T.ex. vegetarisk, glutenfri, nötallergi"
            autosize
            minRows={2}
            maxLength={DIETARY_PREFERENCES_MAX}
            value={dietaryPreferences}
            onChange={(e) => setDiet(e.currentTarget.value)}
          />
          <Checkbox
            label="Jag samtycker till att Singelgolf sparar mina kostpreferenser och allergier för det här evenemanget"
            description="De visas bara för arrangörerna och raderas 30 dagar efter evenemanget."
            checked={consent}
            onChange={(e) => {
              setConsent(e.currentTarget.checked);
              setConsentError(null);
            }}
            error={consentError}
          />
          <RegistrationRoomWish />
          <Textarea
            label="Övriga önskemål (valfritt)"
            placeholder="T.ex. önskemål om boende eller samåkning"
            autosize
            minRows={2}
            maxLength={TEXT_LONG_MAX}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Avbryt
            </Button>
            <Button type="submit" loading={pending}>
              Slutför anmälan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
