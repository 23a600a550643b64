import { usePageTitle } from '@client/lib/use-page-title';
import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the policy pages: a heading, when it was last changed, and the text. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          Senast ändrad {updated}
        </Text>
        {children}
      </Stack>
    </Container>
  );
}

/** A section of a policy page. */
export function LegalSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" id={id}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
