import { Button, Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarCog,
  IconChartBar,
  IconFlag,
  IconHistory,
  IconMail,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Tool {
  title: string;
  text: string;
  icon: ReactNode;
  to: string;
}

const TOOLS: Tool[] = [
  {
    title: 'Medlemshantering',
    text: 'Se, sök och hantera medlemmar.',
    icon: <IconUsersGroup size={20} />,
    to: '/members',
  },
  {
    title: 'Evenemangshantering',
    text: 'Skapa och redigera evenemang och bollgrupper.',
    icon: <IconCalendarCog size={20} />,
    to: '/events',
  },
  {
    title: 'Statistik och rapporter',
    text: 'Anmälningar, fyllnadsgrad, närvaro, intäkter och medlemmar per månad och evenemang.',
    icon: <IconChartBar size={20} />,
    to: '/admin/statistik',
  },
  {
    title: 'E-post',
    text: 'Se e-post som webbplatsen har skickat eller fångat.',
    icon: <IconMail size={20} />,
    to: '/admin/email',
  },
  {
    title: 'Anmälningar',
    text: 'Granska anmälningar från medlemmar och fatta beslut.',
    icon: <IconFlag size={20} />,
    to: '/admin/reports',
  },
  {
    title: 'Logg',
    text: 'Vad administratörerna har gjort och när.',
    icon: <IconHistory size={20} />,
    to: '/admin/audit',
  },
];

/** Admin tool cards, each opening a page that exists (no 'Kommer snart' placeholders, issue 27). */
export function AdminTools() {
  return (
    <section aria-labelledby="admin-tools-heading">
      <Title order={2} fz="lg" id="admin-tools-heading" mb="sm">
        Adminverktyg
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {TOOLS.map((t) => (
          <Paper key={t.title} withBorder radius="md" p="md">
            <Group gap="sm" mb="xs" wrap="nowrap">
              <ThemeIcon variant="light" color="golf" radius="md" aria-hidden>
                {t.icon}
              </ThemeIcon>
              <Text fw={600}>{t.title}</Text>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              {t.text}
            </Text>
            <Button component={Link} to={t.to} size="xs" variant="light">
              Öppna
            </Button>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
