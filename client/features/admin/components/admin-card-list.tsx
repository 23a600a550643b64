import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What one row of an admin list shows as a card on a phone. */
export interface AdminCard {
  key: string;
  title: ReactNode;
  /** The second line (an e-mail address): wraps anywhere. */
  subtitle: ReactNode;
  /** The small print (dates, counts). */
  meta: ReactNode;
  /** Beside the text, above the button (a status badge). */
  badge: ReactNode;
  action: { label: string; onClick: () => void };
}

/**
 * The phone layout of an admin list (/admin/members, /admin/email): a card per row, shown below
 * `sm`, where the page's table is hidden.
 */
export function AdminCardList<T>({ items, card }: { items: T[]; card: (item: T) => AdminCard }) {
  return (
    <Stack hiddenFrom="sm" gap="sm">
      {items.map((item) => {
        const c = card(item);
        return (
          <Card key={c.key} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                {/* Each card's title is its heading (under the page's h1), not a paragraph styled as one
                    (axe p-as-heading, WCAG 1.3.1): a phone's screen reader moves card to card by it. */}
                <Text component="h2" fw={600} size="sm" m={0}>
                  {c.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {c.subtitle}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.meta}
                </Text>
              </Stack>
              <Stack gap={6} align="flex-end">
                {c.badge}
                <Button size="xs" variant="light" onClick={c.action.onClick}>
                  {c.action.label}
                </Button>
              </Stack>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
