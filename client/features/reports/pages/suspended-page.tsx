import { usePageTitle } from '@client/lib/use-page-title';
import { msg } from '@common/messages';
import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router';

/** /avstangd: where a suspended member's login ends (the login callback sends them here, logged out). */
export function SuspendedPage() {
  usePageTitle('Kontot är avstängt');
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Kontot är avstängt</Title>
        <Alert color="red" icon={<IconBan size={20} />} title="Du kan inte logga in just nu">
          {msg.accountSuspended}
        </Alert>
        <Text>
          Beslutet och skälen finns i e-postmeddelandet, med hur du överklagar. Läs våra{' '}
          <Anchor component={Link} to="/villkor" underline="always">
            villkor
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
