import { LOGIN_URL } from '@client/features/auth/lib/auth-urls';
import { usePageTitle } from '@client/lib/use-page-title';
import { HydrationPart } from '@client/ui/hydration-part';
import { LANDING_EVENT_COUNT } from '@common/limits';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import classes from './landing.module.css';
import { LandingHero } from './landing-hero';
import { UpcomingEventsSection } from './upcoming-events-section';
import { WhySection } from './why-section';

/** '/' for visitors: hero, why Singelgolf, the next 3 events and a login call to action. */
export function LandingPage() {
  usePageTitle('');
  return (
    <>
      <HydrationPart>
        <LandingHero />
      </HydrationPart>
      <Container py={{ base: 48, md: 72 }}>
        <Stack gap={72}>
          <HydrationPart>
            <WhySection />
          </HydrationPart>
          <HydrationPart>
            <UpcomingEventsSection
              title="Kommande evenemang"
              count={LANDING_EVENT_COUNT}
              emptyText="Inga kommande evenemang planerade just nu."
              allLabel="Visa alla evenemang"
              cols={{ base: 1, sm: 2, md: 3 }}
            />
          </HydrationPart>
          <Paper radius="lg" p={{ base: 'lg', sm: 40 }} bg="golf.0" ta="center">
            <Stack align="center" gap="md">
              <Title order={2}>Bli en del av gemenskapen</Title>
              <Text c="dimmed" maw={560}>
                Som medlem skapar du en profil, hittar andra golfande singlar, skickar meddelanden och anmäler
                dig till våra evenemang.
              </Text>
              <Button
                component="a"
                href={LOGIN_URL}
                size="md"
                h="auto"
                py="sm"
                classNames={{ label: classes.ctaButtonLabel }}
              >
                Logga in för att börja använda plattformen!
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </>
  );
}
