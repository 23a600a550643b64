import { usePrivacySettings, useSavePrivacySettings } from '@client/features/blocks/api/blocks-api';
import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import { WHO_CAN_MESSAGE, WHO_CAN_MESSAGE_LABELS, type WhoCanMessage } from '@common/options';
import type { PrivacySettings } from '@common/schemas/blocks';
import { Alert, Button, Group, Loader, Radio, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';

const WHO_CAN_MESSAGE_HINTS: Record<WhoCanMessage, string> = {
  members: 'Alla inloggade medlemmar kan skriva till dig.',
  contacts: 'Bara de du har skrivit till och de som är anmälda till samma evenemang som du.',
  nobody:
    'Ingen kan börja en konversation med dig. De du själv skriver till kan svara, och administratörer kan alltid skriva.',
};

/** 'Dölj mig i medlemslistan', 'Vem får skriva till mig' and 'Vill ses igen', saved together with 'Spara'. */
function PrivacyForm({
  saved,
  saving,
  onSave,
}: {
  saved: PrivacySettings;
  saving: boolean;
  onSave: (draft: PrivacySettings) => void;
}) {
  const [draft, setDraft] = useState(saved);
  const dirty =
    draft.hiddenFromDirectory !== saved.hiddenFromDirectory ||
    draft.whoCanMessage !== saved.whoCanMessage ||
    draft.meetAgain !== saved.meetAgain;

  return (
    <Stack gap="md">
      <Switch
        checked={draft.hiddenFromDirectory}
        onChange={(e) => {
          const hiddenFromDirectory = e.currentTarget.checked;
          setDraft((d) => ({ ...d, hiddenFromDirectory }));
        }}
        label="Dölj mig i medlemslistan"
        description="Andra medlemmar hittar dig inte i medlemslistan. Administratörer och de som är anmälda till samma evenemang som du ser dig fortfarande."
      />
      <Radio.Group
        label="Vem får skriva till mig"
        value={draft.whoCanMessage}
        onChange={(value) => setDraft((d) => ({ ...d, whoCanMessage: value as WhoCanMessage }))}
      >
        <Stack gap="xs" mt="xs">
          {WHO_CAN_MESSAGE.map((option) => (
            <Radio
              key={option}
              value={option}
              label={WHO_CAN_MESSAGE_LABELS[option]}
              description={WHO_CAN_MESSAGE_HINTS[option]}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Switch
        checked={draft.meetAgain ?? true}
        onChange={(e) => {
          const meetAgain = e.currentTarget.checked;
          setDraft((d) => ({ ...d, meetAgain }));
        }}
        label="Vill ses igen"
        description="Efter ett evenemang kan du och de andra incheckade svara Dejt, Golfkompis eller Nej tack om varandra. Bara ömsesidiga svar visas. Av: du får inga frågor och visas inte för andra."
      />
      <Group justify="flex-end" gap="sm">
        {dirty && (
          <Button variant="default" onClick={() => setDraft(saved)} disabled={saving}>
            Ångra
          </Button>
        )}
        <Button onClick={() => onSave(draft)} disabled={!dirty} loading={saving}>
          Spara
        </Button>
      </Group>
    </Stack>
  );
}

/** The member's privacy settings in the profile's 'Integritet' section. */
export function PrivacySettingsForm() {
  const settings = usePrivacySettings();
  // The save lives here, not in the form: the saved settings remount the form (its key), and a
  // mutation's own callbacks never run once the component that started it is gone, so the
  // confirmation would be lost (issue 27).
  const save = useSavePrivacySettings();
  const onSave = (draft: PrivacySettings) =>
    save.mutate(draft, {
      onSuccess: () => toastSuccess(msg.privacySaved),
      onError: (err) => toastError(msg.privacySaveFailed, apiErrorMessage(err, 'Försök igen om en stund.')),
    });
  if (settings.isLoading) {
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label="Laddar integritetsinställningar" />
      </Group>
    );
  }
  if (!settings.data) {
    return (
      <Alert color="red" variant="light">
        {apiErrorMessage(settings.error, 'Inställningarna kunde inte hämtas.')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Bestäm vem som hittar dig och vem som kan skriva till dig.
      </Text>
      <PrivacyForm
        key={JSON.stringify(settings.data)}
        saved={settings.data}
        saving={save.isPending}
        onSave={onSave}
      />
    </Stack>
  );
}
