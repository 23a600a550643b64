import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { Badge, Button, Group, Loader, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { disablePush, enablePush, PushSetupError, type PushState, readPushState } from '../lib/push-device';

const STATE_TEXT: Record<PushState, { badge: string; color: string; help: string }> = {
  active: {
    badge: 'Aktiverad',
    color: 'golf',
    help: 'Den här enheten får pushnotiser för de typer där Push är påslaget.',
  },
  inactive: {
    badge: 'Inte aktiverad',
    color: 'gray',
    help: 'Slå på pushnotiser för att få besked på den här enheten även när sidan är stängd.',
  },
  blocked: {
    badge: 'Blockerad i webbläsaren',
    color: 'red',
    help: 'Du har nekat notiser för den här sidan. Tillåt notiser i webbläsarens inställningar för webbplatsen och ladda om sidan.',
  },
  unsupported: {
    badge: 'Stöds inte',
    color: 'yellow',
    help: 'Den här webbläsaren kan inte ta emot pushnotiser. På iPhone och iPad fungerar de när du har lagt till Singelgolf på hemskärmen.',
  },
};

/** 'Pushnotiser på den här enheten': turn web push on (asking permission only on the click) or off. */
export function PushDeviceCard() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readPushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: () => Promise<PushState>, done: (s: PushState) => void) => {
    setBusy(true);
    try {
      const s = await action();
      setState(s);
      done(s);
    } catch (err) {
      toastError(
        'Pushnotiserna kunde inte ändras',
        err instanceof PushSetupError ? err.message : apiErrorMessage(err, 'Försök igen om en stund.'),
      );
      setState(await readPushState().catch(() => 'inactive' as const));
    } finally {
      setBusy(false);
    }
  };

  const onEnable = () =>
    run(enablePush, (s) => {
      if (s === 'active') toastSuccess('Pushnotiser är aktiverade på den här enheten');
    });
  const onDisable = () => run(disablePush, () => toastSuccess('Pushnotiser är avstängda på den här enheten'));

  const text = state ? STATE_TEXT[state] : null;
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={4}>
        <Title order={3} fz="md">
          Pushnotiser på den här enheten
        </Title>
        {text ? (
          <Badge color={text.color} variant="light" role="status">
            {text.badge}
          </Badge>
        ) : (
          <Loader size="xs" />
        )}
      </Group>
      {text && (
        <Text size="sm" c="dimmed" mb="sm">
          {text.help}
        </Text>
      )}
      {state === 'active' ? (
        <Button variant="default" onClick={onDisable} loading={busy}>
          Stäng av på den här enheten
        </Button>
      ) : state === 'inactive' ? (
        <Button
          leftSection={<IconBellRinging size={18} />}
          onClick={onEnable}
          loading={busy}
          maw="100%"
          h="auto"
          mih={36}
          py={6}
          // The long label wraps on a narrow phone instead of running out of the card.
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          Aktivera pushnotiser på den här enheten
        </Button>
      ) : null}
    </div>
  );
}
