import { useAuth } from '@client/features/auth/hooks/use-auth';
import { loginUrl } from '@client/features/auth/lib/auth-urls';
import { apiErrorMessage } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useEmailLink } from '../api/security';

interface LinkPageTexts {
  pageTitle: string;
  title: string;
  intro: ReactNode;
  button: string;
  doneTitle: string;
  doneHint?: string;
}

/** Where to go next: the profile's 'Säkerhet' when logged in, else the login (coming back there). */
function Onward() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return null;
  return (
    <Group justify="center">
      {isAuthenticated ? (
        <Button component={Link} to="/profile#sakerhet">
          Till din profil
        </Button>
      ) : (
        <Button component="a" href={loginUrl('/profile#sakerhet')}>
          Logga in
        </Button>
      )}
      <Button component={Link} to="/" variant="default">
        Till startsidan
      </Button>
    </Group>
  );
}

function Outcome({ ok, title, children }: { ok: boolean; title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="md">
      <ThemeIcon size={64} radius="xl" color={ok ? 'golf' : 'red'} variant="light">
        {ok ? <IconCircleCheck size={40} /> : <IconCircleX size={40} />}
      </ThemeIcon>
      <Title order={1} fz="h2" ta="center">
        {title}
      </Title>
      {children}
      <Onward />
    </Stack>
  );
}

/**
 * A page an e-mailed link opens (`?token=…`). Nothing happens until the member presses the button:
 * a mail scanner that fetches the link, or a repeated render, never uses the token.
 */
function EmailLinkPage({ action, texts }: { action: 'confirm' | 'cancel'; texts: LinkPageTexts }) {
  usePageTitle(texts.pageTitle);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const follow = useEmailLink(action);

  let body: ReactNode;
  if (!token) {
    body = (
      <Outcome ok={false} title="Länken är ofullständig">
        <Text ta="center">
          Öppna länken i e-postmeddelandet igen, eller kopiera hela adressen till webbläsaren.
        </Text>
      </Outcome>
    );
  } else if (follow.isSuccess) {
    body = (
      <Outcome ok title={texts.doneTitle}>
        <Text ta="center" style={{ overflowWrap: 'anywhere' }}>
          {follow.data.message}
        </Text>
        {texts.doneHint && (
          <Text size="sm" c="dimmed" ta="center">
            {texts.doneHint}
          </Text>
        )}
      </Outcome>
    );
  } else if (follow.isError) {
    body = (
      <Outcome ok={false} title="Länken fungerar inte">
        <Text ta="center" style={{ overflowWrap: 'anywhere' }}>
          {apiErrorMessage(follow.error)}
        </Text>
      </Outcome>
    );
  } else {
    body = (
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="golf" variant="light">
          <IconMail size={36} />
        </ThemeIcon>
        <Title order={1} fz="h2" ta="center">
          {texts.title}
        </Title>
        <Text ta="center">{texts.intro}</Text>
        <Button onClick={() => follow.mutate(token)} loading={follow.isPending}>
          {texts.button}
        </Button>
      </Stack>
    );
  }

  return (
    <Container size="xs" py="xl">
      <Card withBorder radius="md" padding="xl">
        {body}
      </Card>
    </Container>
  );
}

/** /email/confirm?token=…: the link sent to a new address; pressing the button makes it the member's. */
export function EmailConfirmPage() {
  return (
    <EmailLinkPage
      action="confirm"
      texts={{
        pageTitle: 'Bekräfta ny e-postadress',
        title: 'Bekräfta ny e-postadress',
        intro: 'Tryck på knappen så börjar den nya adressen gälla på Singelgolf, även när du loggar in.',
        button: 'Bekräfta ny e-postadress',
        doneTitle: 'E-postadressen är bekräftad',
      }}
    />
  );
}

/** /email/cancel?token=…: the link sent to the old address; pressing the button drops the change. */
export function EmailCancelPage() {
  return (
    <EmailLinkPage
      action="cancel"
      texts={{
        pageTitle: 'Avbryt byte av e-postadress',
        title: 'Avbryt byte av e-postadress',
        intro:
          'Har du inte bett om att byta e-postadress, eller ångrat dig? Avbryt bytet så fortsätter din nuvarande adress att gälla.',
        button: 'Avbryt bytet',
        doneTitle: 'Din e-postadress är oförändrad',
        doneHint: 'Bad du inte själv om bytet? Byt då lösenord under Säkerhet i din profil.',
      }}
    />
  );
}
