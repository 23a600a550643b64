import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconHeart, IconUsers } from '@tabler/icons-react';

const REASONS = [
  {
    icon: IconUsers,
    title: 'Träffa likasinnade',
    text: 'Möt andra singlar som delar din kärlek till golf, i en trygg och välkomnande gemenskap.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Golfevenemang och resor',
    text: 'Spela rundor, tävlingar och golfresor i Sverige och utomlands, i sällskap som passar dig.',
  },
  {
    icon: IconHeart,
    title: 'Hitta kärleken',
    text: 'Din nästa spelpartner kan bli något mer. Många har redan hittat varandra på banan.',
  },
] as const;

/** 'Varför välja Singelgolf': meet like-minded people, events, love. */
export function WhySection() {
  return (
    <section aria-labelledby="why-title">
      <Title order={2} ta="center" mb="xl" id="why-title">
        Varför välja Singelgolf
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        {REASONS.map((r) => (
          <Stack key={r.title} align="center" ta="center" gap="sm">
            <ThemeIcon size={64} radius="xl" variant="light">
              <r.icon size={32} />
            </ThemeIcon>
            <Title order={3} fz="lg">
              {r.title}
            </Title>
            <Text c="dimmed">{r.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </section>
  );
}
