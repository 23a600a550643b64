import { useAuth } from '@client/features/auth/hooks/use-auth';
import { MyPhotosSection } from '@client/features/event-photos/components/my-photos-section';
import { MyDataSection } from '@client/features/my-data/components/my-data-section';
import { lazyPage } from '@client/lib/lazy-page';
import { usePageTitle } from '@client/lib/use-page-title';
import { HydrationPart } from '@client/ui/hydration-part';
import { Box, Container, Grid, Loader, Stack, Tabs, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { MyEventsTab } from '../components/my-events-tab';
import { PrivacySection } from '../components/privacy-section';
import { ProfileForm } from '../components/profile-form';
import { PROFILE_EMAIL_INPUT_ID } from '../components/profile-form-sections';
import { ProfileSideCard } from '../components/profile-side-card';
import { SecuritySection } from '../components/security-section';

// Issue 29: the member's golf results, in the 'Mina evenemang' tab.
const ResultsHistory = lazy(() =>
  import('@client/features/scoring/components/results-history').then((m) => ({ default: m.ResultsHistory })),
);
// Its own chunk, loaded with the page's before a server-rendered profile hydrates (preloadProfileSections):
// a part still loading then would be drawn again as its fallback.
const NotificationsSection = lazyPage(() =>
  import('@client/features/notifications/components/notifications-section').then(
    (m) => m.NotificationsSection,
  ),
);

/** The chunks of the profile's sections the server renders (the route loads them before hydrating). */
export const preloadProfileSections = (): Promise<unknown> => NotificationsSection.preload();

/**
 * /profile: the side card, tab 'Min Profil' (the editor) and tab 'Mina evenemang' (spec §2 'Profile'), and
 * below them the 'Säkerhet' section (#sakerhet) and the 'Notiser' section (#notiser).
 */
export function ProfilePage() {
  usePageTitle('Min profil');
  const { user } = useAuth();
  // The tab follows ?tab=events, so 'Mina evenemang' in the menus opens the member's own registrations.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'events' ? 'events' : 'profile';
  const setTab = (value: string | null) =>
    setParams(value === 'events' ? { tab: 'events' } : {}, { replace: true, preventScrollReset: true });
  if (!user) return null;
  // 'Byt e-postadress' in 'Säkerhet': the address is changed in the profile form.
  const changeEmail = () => {
    setTab('profile');
    requestAnimationFrame(() => {
      const input = document.getElementById(PROFILE_EMAIL_INPUT_ID);
      input?.scrollIntoView({ block: 'center' });
      input?.focus();
    });
  };
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Min profil
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HydrationPart>
            <ProfileSideCard user={user} />
          </HydrationPart>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {/* Only the open tab is drawn: the other's lists are neither rendered nor hydrated (issue 33). */}
            <HydrationPart>
              <Tabs value={tab} onChange={setTab} keepMounted={false}>
                <Tabs.List mb="md">
                  <Tabs.Tab value="profile">Min Profil</Tabs.Tab>
                  <Tabs.Tab value="events">Mina evenemang</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="profile">
                  <ProfileForm key={user.id} user={user} />
                </Tabs.Panel>
                <Tabs.Panel value="events">
                  <MyEventsTab userId={user.id} />
                  <Suspense fallback={null}>
                    <Box mt="xl">
                      <ResultsHistory userId={user.id} own />
                    </Box>
                  </Suspense>
                </Tabs.Panel>
              </Tabs>
            </HydrationPart>
            {/* The sections below the form hydrate as parts of their own, in short tasks (issue 33). */}
            <HydrationPart>
              <SecuritySection onChangeEmail={changeEmail} />
            </HydrationPart>
            {/* Below 'Säkerhet': the lazily loaded section never shifts a link to #sakerhet out of view. */}
            <Suspense fallback={<Loader size="sm" mx="auto" aria-label="Laddar notisinställningar" />}>
              <NotificationsSection />
            </Suspense>
            <HydrationPart>
              <PrivacySection />
            </HydrationPart>
            <HydrationPart>
              <MyDataSection />
            </HydrationPart>
            <HydrationPart>
              <MyPhotosSection />
            </HydrationPart>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
