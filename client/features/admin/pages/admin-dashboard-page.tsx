import { apiErrorMessage } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { Alert, Button, Center, Container, Grid, Group, Loader, Stack, Title } from '@mantine/core';
import { IconCalendarPlus, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAdminFeedback, useAdminStats, useEventList } from '../api/admin-dashboard-api';
import { AdminNav } from '../components/admin-nav';
import { AdminTools } from '../components/admin-tools';
import { LatestFeedback } from '../components/latest-feedback';
import { MemberStatistics } from '../components/member-statistics';
import { QuickOverview } from '../components/quick-overview';
import { RecentActivity } from '../components/recent-activity';
import { StatCards } from '../components/stat-cards';
import { UpcomingEventsCard } from '../components/upcoming-events-card';

/** '/' for role admin: the admin dashboard of spec §2 with figures computed from data (decisions.md). */
export function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  const stats = useAdminStats();
  const feedback = useAdminFeedback();
  const events = useEventList();

  return (
    <Container size="lg" pt="md" pb="xl">
      <Stack gap="lg">
        <AdminNav />
        <Group justify="space-between" gap="md">
          <Title order={1}>Adminpanel</Title>
          <Group gap="sm">
            <Button component={Link} to="/events/new" leftSection={<IconCalendarPlus size={18} />}>
              Skapa evenemang
            </Button>
            <Button
              component={Link}
              to="/admin/members"
              variant="light"
              leftSection={<IconUsers size={18} />}
            >
              Hantera medlemmar
            </Button>
          </Group>
        </Group>

        {stats.isLoading ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : stats.error || !stats.data ? (
          <Alert color="red">Kunde inte ladda statistiken. {apiErrorMessage(stats.error)}</Alert>
        ) : (
          <>
            <StatCards stats={stats.data} />
            <AdminTools />
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <QuickOverview stats={stats.data} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <LatestFeedback
                  feedback={feedback.data}
                  loading={feedback.isLoading}
                  error={Boolean(feedback.error)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <UpcomingEventsCard events={events.data} loading={events.isLoading} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <RecentActivity activity={stats.data.recentActivity} />
              </Grid.Col>
            </Grid>
            <MemberStatistics stats={stats.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}
