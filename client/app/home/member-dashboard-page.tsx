import { usePageTitle } from '@client/lib/use-page-title';
import { DASHBOARD_EVENT_COUNT } from '@common/limits';
import type { FullUser } from '@common/schemas/users';
import { Box, Container, Grid, Title } from '@mantine/core';
import { GolfProfileCard } from './golf-profile-card';
import { MyUpcomingEventsSection } from './my-upcoming-events-section';
import { UpcomingEventsSection } from './upcoming-events-section';

/**
 * '/' for members: greeting, 'Dina kommande evenemang' (their own places, issue 27), 'Din golfprofil'
 * and the next 4 events (spec §2 'Member dashboard').
 */
export function MemberDashboardPage({ user }: { user: FullUser }) {
  usePageTitle('Hem');
  const name = user.firstName || user.email || '';
  return (
    <Container py="xl">
      <Title order={1} mb="xl" style={{ overflowWrap: 'anywhere' }}>
        Välkommen {name}
      </Title>
      <Box mb="xl">
        <MyUpcomingEventsSection />
      </Box>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <GolfProfileCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <UpcomingEventsSection
            title="Kommande evenemang"
            count={DASHBOARD_EVENT_COUNT}
            emptyText="Inga kommande evenemang"
            allLabel="Visa alla evenemang"
            cols={{ base: 1, sm: 2 }}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
