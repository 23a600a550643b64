import { Button, Container, Stack, Text, Title } from '@mantine/core';

/** Shown when a page fails to render or its code cannot be loaded (route-error-boundary.tsx). */
export function RouteErrorPage() {
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
