import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Något gick fel</Title>
        <Text c="dimmed">Sidan kunde inte visas. Ladda om sidan och försök igen.</Text>
        <Button onClick={() => window.location.reload()}>Ladda om sidan</Button>
      </Stack>
    </Container>
  );
}
