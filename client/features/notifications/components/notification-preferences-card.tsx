import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationType,
} from '@common/notification-types';
import { Alert, Button, Group, Loader, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences-api';

const CHANNEL_LABEL: Record<NotificationChannel, string> = { email: 'E-post', push: 'Push' };

function samePreferences(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return NOTIFICATION_TYPES.every((t) => a[t].email === b[t].email && a[t].push === b[t].push);
}

/** The table of types × 'E-post' / 'Push' switches, saved with 'Spara'. */
function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const [draft, setDraft] = useState(saved);
  const save = useSaveNotificationPreferences();
  const dirty = !samePreferences(draft, saved);
  const toggle = (type: NotificationType, channel: NotificationChannel, on: boolean) =>
    setDraft((d) => ({ ...d, [type]: { ...d[type], [channel]: on } }));
  const onSave = () =>
    save.mutate(draft, {
      onSuccess: (prefs) => {
        setDraft(prefs);
        toastSuccess('Notisinställningarna är sparade');
      },
      onError: (err) => toastError('Inställningarna kunde inte sparas', apiErrorMessage(err)),
    });

  return (
    <>
      <Table verticalSpacing={6} horizontalSpacing="xs" striped="odd" aria-label="Notiser per typ">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Notis</Table.Th>
            {NOTIFICATION_CHANNELS.map((c) => (
              <Table.Th key={c} ta="center" w="4.5rem">
                {CHANNEL_LABEL[c]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {NOTIFICATION_TYPES.map((type) => (
            <Table.Tr key={type}>
              <Table.Td>
                <Text size="sm">{NOTIFICATION_TYPE_LABELS[type]}</Text>
              </Table.Td>
              {NOTIFICATION_CHANNELS.map((c) => (
                <Table.Td key={c}>
                  <Group justify="center">
                    <Switch
                      checked={draft[type][c]}
                      onChange={(e) => toggle(type, c, e.currentTarget.checked)}
                      aria-label={`${NOTIFICATION_TYPE_LABELS[type]}: ${CHANNEL_LABEL[c]}`}
                    />
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md" gap="sm">
        {dirty && (
          <Button variant="default" onClick={() => setDraft(saved)} disabled={save.isPending}>
            Ångra
          </Button>
        )}
        <Button onClick={onSave} disabled={!dirty} loading={save.isPending}>
          Spara
        </Button>
      </Group>
    </>
  );
}

/** 'Hur vill du få notiser?': the member's choice per type and channel (the bell always shows them). */
export function NotificationPreferencesCard() {
  const prefs = useNotificationPreferences();
  return (
    <div>
      <Title order={3} fz="md" mb={4}>
        Hur vill du få notiser?
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Alla notiser syns alltid under klockan. Välj vilka du också vill få som e-post och som pushnotis.
      </Text>
      {prefs.isLoading ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : prefs.data ? (
        <PreferencesForm key={JSON.stringify(prefs.data)} saved={prefs.data} />
      ) : (
        <Alert color="red" variant="light">
          {apiErrorMessage(prefs.error, 'Inställningarna kunde inte hämtas.')}
        </Alert>
      )}
    </div>
  );
}
