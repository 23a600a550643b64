import { useAuth } from '@client/features/auth/hooks/use-auth';
import { usePageTitle } from '@client/lib/use-page-title';
import { Container, Grid, Tabs, Title } from '@mantine/core';
import { MyEventsTab } from '../components/my-events-tab';
import { ProfileForm } from '../components/profile-form';
import { ProfileSideCard } from '../components/profile-side-card';

/** /profile: the side card, tab 'Min Profil' (the editor) and tab 'Mina Event' (spec §2 'Profile'). */
export function ProfilePage() {
  usePageTitle('Min profil');
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Min profil
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileSideCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Tabs defaultValue="profile">
            <Tabs.List mb="md">
              <Tabs.Tab value="profile">Min Profil</Tabs.Tab>
              <Tabs.Tab value="events">Mina Event</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <ProfileForm key={user.id} user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="events">
              <MyEventsTab userId={user.id} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
