import { useAuth } from '@client/features/auth/hooks/use-auth';
import { loginUrl } from '@client/features/auth/lib/auth-urls';
import { EventPhotosSection } from '@client/features/event-photos/components/event-photos-section';
import { MeetAgainCard } from '@client/features/meet-again/components/meet-again-card';
import { apiErrorStatus } from '@client/lib/api';
import { formatLongDate } from '@client/lib/dates';
import { useClock } from '@client/lib/use-now';
import { useOpenedOnce } from '@client/lib/use-opened-once';
import { usePageTitle } from '@client/lib/use-page-title';
import { HydrationPart } from '@client/ui/hydration-part';
import { eventNouns, formatDayRange, isMultiDay } from '@common/rules/event-kind';
import { participantCountsText } from '@common/rules/participant-counts';
import type { PublicUser } from '@common/schemas/users';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCalendar, IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useEvent, useRegistrations } from '../api/events-query';
import { EventActions } from '../components/detail/event-actions';
import { EventDayCard } from '../components/detail/event-day-card';
import { EventExtras } from '../components/detail/event-extras';
import { EventInfoCard } from '../components/detail/event-info-card';
import { ParticipantsTable, PrivateNotes } from '../components/detail/participants-table';
import { OpensCountdown, RegistrationStateCard } from '../components/detail/registration-state-card';
import { EventImage } from '../components/event-image';
import { MyRoomWish } from '../components/room-wish/my-room-wish';
import { RoomWishList } from '../components/room-wish/room-wish-list';

// Only admins and participants load these.
const EventForm = lazy(() => import('../components/form/event-form').then((m) => ({ default: m.EventForm })));
const GroupChat = lazy(() =>
  import('@client/features/messages/components/group-chat').then((m) => ({ default: m.GroupChat })),
);
const AnnouncementsPanel = lazy(() =>
  import('../components/detail/announcements-panel').then((m) => ({ default: m.AnnouncementsPanel })),
);
const MyBallGroup = lazy(() =>
  import('@client/features/ball-groups/components/my-ball-group').then((m) => ({ default: m.MyBallGroup })),
);
// Golf days with scores (issue 29): only events with `golf` load these.
const MyGolfDay = lazy(() =>
  import('@client/features/scoring/components/event-golf-section').then((m) => ({ default: m.MyGolfDay })),
);
const EventResults = lazy(() =>
  import('@client/features/scoring/components/event-golf-section').then((m) => ({ default: m.EventResults })),
);
const AdminScoringPanel = lazy(() =>
  import('@client/features/scoring/components/admin-scoring-panel').then((m) => ({
    default: m.AdminScoringPanel,
  })),
);
const BallGroupManager = lazy(() =>
  import('@client/features/ball-groups/components/ball-group-manager').then((m) => ({
    default: m.BallGroupManager,
  })),
);

// Only for admins (the participants' administration, exports, duplicating) or on a click (a member's
// card): a visitor's event page loads none of them (issue 17).
const AdminParticipants = lazy(() =>
  import('../components/detail/admin-participants').then((m) => ({ default: m.AdminParticipants })),
);
const ExportMenu = lazy(() =>
  import('../components/detail/export-menu').then((m) => ({ default: m.ExportMenu })),
);
const DuplicateEventButton = lazy(() =>
  import('../components/detail/duplicate-event-button').then((m) => ({ default: m.DuplicateEventButton })),
);
const ParticipantDialog = lazy(() =>
  import('../components/detail/participant-dialog').then((m) => ({ default: m.ParticipantDialog })),
);

const spinner = (
  <Center py="lg">
    <Loader />
  </Center>
);

/** /events/{id}: every element of spec §2 'Event detail'. */
export function EventDetailPage() {
  const { id = '' } = useParams();
  const { isAuthenticated, user } = useAuth();
  const { data: event, isLoading, error } = useEvent(id);
  const validId = /^\d+$/.test(id);
  // Visitors see counts only: the participant list is for logged-in members.
  const regs = useRegistrations(id, validId && !!event && isAuthenticated);
  const [search] = useSearchParams();
  // A duplicated event opens in the form (?edit=1) for the admin to check and save.
  const [editing, setEditing] = useState(search.get('edit') === '1');
  // Also when another event's page is already open (the page stays mounted between events).
  const editRequestedFor = search.get('edit') === '1' ? id : null;
  useEffect(() => {
    if (editRequestedFor) setEditing(true);
  }, [editRequestedFor]);
  const [openUser, setOpenUser] = useState<PublicUser | null>(null);
  // The member's card loads on the first click.
  const dialogUsed = useOpenedOnce(openUser !== null);
  usePageTitle(event?.title ?? 'Evenemang');
  // Drawn again after hydrating only if the answer differs from the server's (see useClock).
  const started = useClock((now) => (event ? Date.parse(event.startTime) <= now : false));
  const ended = useClock((now) => (event ? Date.parse(event.endTime) <= now : false));

  if (isLoading) return <Center py={80}>{spinner}</Center>;
  if (!event || !validId) {
    const notFound = !validId || apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400;
    return (
      <Container size="sm" py={80}>
        <Stack align="center">
          <Title order={1}>{notFound ? 'Evenemanget hittades inte' : 'Kunde inte ladda evenemanget'}</Title>
          <Button component={Link} to="/events" leftSection={<IconArrowLeft size={16} />}>
            Tillbaka till evenemang
          </Button>
        </Stack>
      </Container>
    );
  }

  const full = event.registeredCount >= event.maxParticipants;
  const nouns = eventNouns(event);
  const multiDay = isMultiDay(event);
  const golf = event.golf;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Button
          component={Link}
          to="/events"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          w="fit-content"
          px={0}
        >
          Tillbaka till evenemang
        </Button>
        <Group gap="xs">
          <Badge color={ended ? 'gray' : 'golf'}>{ended ? nouns.past : nouns.upcoming}</Badge>
          <Badge color={full ? 'red' : 'blue'} variant="light">
            {full
              ? event.waitlistedCount > 0
                ? `Fullbokad (${event.waitlistedCount} på reservlistan)`
                : 'Fullbokad'
              : `${event.registeredCount}/${event.maxParticipants} platser tagna`}
          </Badge>
        </Group>
        <div>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {event.title}
          </Title>
          <Group gap="md" c="dimmed" mt={4}>
            <Group gap={4}>
              <IconCalendar size={16} aria-hidden />
              <Text size="sm">
                {multiDay ? formatDayRange(event, { year: true }) : formatLongDate(event.startTime)}
              </Text>
            </Group>
            <Group gap={4}>
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{event.location}</Text>
            </Group>
          </Group>
        </div>
        {/* Event day for a member with a place: directions, what is included, their tee time (issue 27). */}
        {!editing && !ended && event.myRegistration?.status === 'registered' ? (
          <EventDayCard event={event}>
            {golf && user && event.ballGroupsPublishedAt ? (
              <Suspense fallback={null}>
                <MyGolfDay eventId={event.id} golf={golf} userId={user.id} startTime={event.startTime} />
              </Suspense>
            ) : null}
          </EventDayCard>
        ) : null}

        {editing ? (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Title order={2} fz="xl" mb="md">
              Redigera {nouns.word}
            </Title>
            <Suspense fallback={spinner}>
              <EventForm event={event} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
            </Suspense>
          </Paper>
        ) : (
          <Grid gap="lg">
            {/* Each column, the photos, the extras and the tabs hydrate as parts of their own (issue 33). */}
            <Grid.Col span={{ base: 12, md: 7 }}>
              <HydrationPart>
                <Stack>
                  <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
                    <EventImage
                      event={event}
                      height={280}
                      width={800}
                      priority
                      sizes="(min-width: 62em) 58vw, 100vw"
                    />
                  </Box>
                  <section aria-labelledby="about-heading">
                    <Title order={2} fz="lg" id="about-heading" mb={4}>
                      {nouns.about}
                    </Title>
                    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {event.description?.trim() || 'Ingen beskrivning angiven.'}
                    </Text>
                  </section>
                  <OpensCountdown event={event} />
                  <RegistrationStateCard event={event} loggedIn={isAuthenticated} />
                  <EventActions event={event} loggedIn={isAuthenticated} onEdit={() => setEditing(true)} />
                  {event.abilities.canEdit ? (
                    <Group>
                      <Suspense fallback={null}>
                        <DuplicateEventButton eventId={event.id} />
                      </Suspense>
                    </Group>
                  ) : null}
                </Stack>
              </HydrationPart>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <HydrationPart>
                <Stack>
                  <EventInfoCard event={event} registrations={regs.data} />
                  <MyRoomWish event={event} registrations={regs.data} userId={user?.id} />
                  {/* The member's own group, tee time and playing partners, once the groups are published. */}
                  {user && event.ballGroupsPublishedAt && event.myRegistration?.status === 'registered' ? (
                    <Suspense fallback={null}>
                      <MyBallGroup eventId={event.id} userId={user.id} />
                    </Suspense>
                  ) : null}
                  {user ? <MeetAgainCard event={event} /> : null}
                  {/* Issue 29: the golf day's results once it has started. */}
                  {golf && user && started ? (
                    <Suspense fallback={null}>
                      <EventResults eventId={event.id} userId={user.id} endTime={event.endTime} />
                    </Suspense>
                  ) : null}
                </Stack>
              </HydrationPart>
            </Grid.Col>
          </Grid>
        )}

        {editing ? null : (
          <HydrationPart>
            <EventPhotosSection event={event} />
          </HydrationPart>
        )}
        {editing ? null : (
          <HydrationPart>
            <EventExtras event={event} />
          </HydrationPart>
        )}
        {regs.error ? <Alert color="red">Kunde inte ladda deltagarna.</Alert> : null}
        <HydrationPart>
          <Tabs defaultValue="participants" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="participants">Deltagare</Tabs.Tab>
              {event.abilities.canSeeChat ? <Tabs.Tab value="chat">Gruppchatt</Tabs.Tab> : null}
              {event.abilities.canManageGroups ? <Tabs.Tab value="groups">Bollgrupper</Tabs.Tab> : null}
              {event.abilities.canEdit ? <Tabs.Tab value="announcements">Utskick</Tabs.Tab> : null}
              {event.abilities.canEdit && golf ? <Tabs.Tab value="results">Resultat</Tabs.Tab> : null}
            </Tabs.List>
            <Tabs.Panel value="participants" pt="md">
              {event.abilities.canEdit ? (
                <Suspense fallback={null}>
                  <ExportMenu eventId={event.id} />
                </Suspense>
              ) : null}
              {event.abilities.canSetPayment ? (
                <Suspense fallback={spinner}>
                  <AdminParticipants
                    eventId={event.id}
                    registrations={regs.data}
                    loading={regs.isLoading}
                    onOpenUser={setOpenUser}
                  />
                </Suspense>
              ) : isAuthenticated ? (
                <ParticipantsTable
                  eventId={event.id}
                  registrations={regs.data}
                  loading={regs.isLoading}
                  isAdmin={event.abilities.canSetPayment}
                  onOpenUser={setOpenUser}
                  fee={event}
                />
              ) : (
                <Text c="dimmed">
                  {participantCountsText(event)}.{' '}
                  <Anchor href={loginUrl(`/events/${event.id}`)} underline="always">
                    Logga in
                  </Anchor>{' '}
                  för att se vilka som är med.
                </Text>
              )}
              {event.abilities.canSeePrivateNotes && regs.data ? (
                <PrivateNotes registrations={regs.data} />
              ) : null}
              {event.abilities.canSeePrivateNotes && regs.data ? (
                <RoomWishList event={event} registrations={regs.data} />
              ) : null}
            </Tabs.Panel>
            {event.abilities.canSeeChat ? (
              <Tabs.Panel value="chat" pt="md">
                <Suspense fallback={spinner}>
                  <GroupChat eventId={event.id} />
                </Suspense>
              </Tabs.Panel>
            ) : null}
            {event.abilities.canManageGroups ? (
              <Tabs.Panel value="groups" pt="md">
                <Suspense fallback={spinner}>
                  <BallGroupManager eventId={event.id} />
                </Suspense>
              </Tabs.Panel>
            ) : null}
            {event.abilities.canEdit ? (
              <Tabs.Panel value="announcements" pt="md">
                <Suspense fallback={spinner}>
                  <AnnouncementsPanel eventId={event.id} eventTitle={event.title} />
                </Suspense>
              </Tabs.Panel>
            ) : null}
            {event.abilities.canEdit && golf ? (
              <Tabs.Panel value="results" pt="md">
                <Suspense fallback={spinner}>
                  <AdminScoringPanel eventId={event.id} />
                </Suspense>
              </Tabs.Panel>
            ) : null}
          </Tabs>
        </HydrationPart>
      </Stack>
      {dialogUsed ? (
        <Suspense fallback={null}>
          <ParticipantDialog user={openUser} canMessage={isAuthenticated} onClose={() => setOpenUser(null)} />
        </Suspense>
      ) : null}
    </Container>
  );
}
