import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconGolf } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './landing.module.css';

/** Landing hero with the way to the events. */
export function LandingHero() {
  return (
    <div className={classes.hero}>
      <Container py={{ base: 56, md: 96 }}>
        <Group justify="space-between" wrap="nowrap" gap="xl">
          <Stack gap="lg" maw={680}>
            <Title order={1} className={classes.heroTitle}>
              Golf, gemenskap och nya möten
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="golf.0">
              Singelgolf samlar golfande singlar på rundor, resor och evenemang i hela Sverige. Spela, umgås
              och träffa människor som delar din passion.
            </Text>
            <div>
              <Button
                component={Link}
                to="/events"
                size="lg"
                variant="white"
                rightSection={<IconArrowRight size={18} />}
                h="auto"
                py="sm"
                classNames={{ label: classes.ctaButtonLabel }}
              >
                Hitta ditt nästa golfevenemang
              </Button>
            </div>
          </Stack>
          <Box visibleFrom="md" className={classes.heroMark} aria-hidden>
            <IconGolf size={160} stroke={1.1} />
          </Box>
        </Group>
      </Container>
    </div>
  );
}
