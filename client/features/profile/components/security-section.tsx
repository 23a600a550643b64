import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import { useAuth } from '@client/features/auth/hooks/use-auth';
import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { SectionCard } from '@client/ui/section-card';
import { Alert, Badge, Button, Divider, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SECURITY_KEY, useCancelPendingEmail, useLogoutEverywhere, useSecurityInfo } from '../api/security';
import { ChangePasswordForm } from './change-password-form';
import { PasskeysCard } from './passkeys-card';
import { pendingEmailText } from './security-helpers';

/** The anchor of the section: /profile#sakerhet. */
export const SECURITY_ANCHOR = 'sakerhet';

const wrap = { overflowWrap: 'anywhere' } as const;

/** The address in force, a change waiting for its link, and where a change is made. */
function EmailBlock({
  email,
  verified,
  pendingEmail,
  onChangeEmail,
}: {
  email: string | null;
  verified: boolean;
  pendingEmail: string | null;
  onChangeEmail?: () => void;
}) {
  const cancel = useCancelPendingEmail();
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () =>
        toastSuccess('Ändringen är avbruten', `Din e-postadress är fortfarande ${email ?? ''}.`),
      onError: (err) => toastError('Ändringen kunde inte avbrytas', apiErrorMessage(err)),
    });

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        E-postadress
      </Title>
      <Group gap="xs" wrap="wrap">
        <Text fw={500} style={wrap}>
          {email ?? 'Ingen e-postadress'}
        </Text>
        {email && (
          <Badge color={verified ? 'golf' : 'yellow'} variant="light">
            {verified ? 'Bekräftad' : 'Ej bekräftad'}
          </Badge>
        )}
      </Group>
      {pendingEmail ? (
        <Alert color="yellow" variant="light" icon={<IconMailForward size={20} />} role="status">
          <Stack gap="xs">
            <Text size="sm" style={wrap}>
              {pendingEmailText(pendingEmail)}
            </Text>
            <Text size="sm" c="dimmed" style={wrap}>
              Tills du har klickat på länken gäller {email}, även när du loggar in.
            </Text>
            <Group>
              <Button size="xs" variant="default" onClick={onCancel} loading={cancel.isPending}>
                Avbryt ändringen
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
            Du byter e-postadress under Min Profil. Den nya adressen börjar gälla när du har klickat på länken
            vi skickar dit.
          </Text>
          {onChangeEmail && (
            <Button size="xs" variant="default" onClick={onChangeEmail}>
              Byt e-postadress
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** 'Logga ut överallt' behind a confirmation: every session ends, this one too; then the start page. */
function LogoutEverywhere() {
  const [opened, { open, close }] = useDisclosure(false);
  const logout = useLogoutEverywhere();
  const confirm = () =>
    logout.mutate(undefined, {
      onSuccess: () => window.location.assign('/'),
      onError: (err) => toastError('Utloggningen misslyckades', apiErrorMessage(err)),
    });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Logga ut överallt
      </Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
          Loggar ut dig på alla enheter där du är inloggad, även den här. Bra om du har tappat bort en telefon
          eller glömt att logga ut på en lånad dator.
        </Text>
        <Button color="red" variant="light" onClick={open}>
          Logga ut överallt
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title="Logga ut överallt?" centered>
        <Stack>
          <Text size="sm">
            Du loggas ut på alla enheter, även den här, och behöver logga in igen där du vill använda
            Singelgolf.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Avbryt
            </Button>
            <Button color="red" onClick={confirm} loading={logout.isPending}>
              Ja, logga ut överallt
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * The profile's 'Säkerhet' section: the address in force and a pending change, the password and
 * passkeys (built-in login only), 'Logga ut överallt'. `onChangeEmail` leads to the profile form's
 * address field, where a change is made.
 */
export function SecuritySection({ onChangeEmail }: { onChangeEmail?: () => void }) {
  const { user } = useAuth();
  const info = useSecurityInfo();

  // The two answers disagree when one is older: a profile save updated the member at once, or a link
  // followed on another device shows first in the security info (reloaded on focus). The older one reloads.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!info.data || !user) return;
    if (info.data.email === user.email && info.data.pendingEmail === user.pendingEmail) return;
    const userLoadedAt = queryClient.getQueryState(CURRENT_USER_KEY)?.dataUpdatedAt ?? 0;
    const stale = info.dataUpdatedAt > userLoadedAt ? CURRENT_USER_KEY : SECURITY_KEY;
    void queryClient.invalidateQueries({ queryKey: stale });
  }, [info.data, info.dataUpdatedAt, user, queryClient]);

  // The current user is updated at once by a profile save; the security info by its next load.
  const email = user?.email ?? info.data?.email ?? null;
  const pendingEmail = user ? user.pendingEmail : (info.data?.pendingEmail ?? null);
  const verified = user?.emailVerified ?? info.data?.emailVerified ?? false;

  return (
    // Arriving at /profile#sakerhet, the section scrolls into view once loaded.
    <SectionCard anchor={SECURITY_ANCHOR} title="Säkerhet" ready={Boolean(info.data)}>
      {info.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label="Laddar säkerhetsinställningar" />
        </Group>
      ) : info.isError ? (
        <Alert color="red" variant="light" title="Kunde inte hämta säkerhetsinställningarna">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{apiErrorMessage(info.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void info.refetch()}>
              Försök igen
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <EmailBlock
            email={email}
            verified={verified}
            pendingEmail={pendingEmail}
            onChangeEmail={onChangeEmail}
          />
          <Divider />
          {info.data.loginProvider === 'builtin' ? (
            <>
              <ChangePasswordForm email={email ?? ''} />
              <Divider />
              <PasskeysCard />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Du loggar in via en annan tjänst. Lösenord och andra inloggningssätt ändrar du där.
            </Text>
          )}
          <Divider />
          <LogoutEverywhere />
        </>
      )}
    </SectionCard>
  );
}
