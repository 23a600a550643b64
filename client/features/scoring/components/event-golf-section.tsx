import { apiErrorMessage } from '@client/lib/api';
import { useClock } from '@client/lib/use-now';
import { SCORING_FORMAT_LABELS } from '@common/rules/scoring';
import type { EventGolf } from '@common/schemas/scoring';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconListNumbers, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLeaderboard, useMyScorecard } from '../api/scoring-api';
import { ContestList, LeaderboardTable } from './leaderboard-table';

/** How many rows the event page shows of final results (the whole list is on the leaderboard page). */
const RESULT_ROWS = 10;

/**
 * The golf day in the event page's 'Din dag' (issue 29): course and format, the member's playing
 * handicap (course handicap, tee) from their scorecard, and 'Öppna scorekortet' while scores may be entered.
 */
export function MyGolfDay({
  eventId,
  golf,
  userId,
  startTime,
}: {
  eventId: number;
  golf: EventGolf;
  userId: string;
  startTime: string;
}) {
  const started = useClock((now) => Date.parse(startTime) <= now);
  return <MyDay eventId={eventId} golf={golf} userId={userId} started={started} />;
}

/**
 * 'Resultat' on the event page once the golf day has started (issue 29): a link to the live leaderboard
 * during the day, the final results and the contests after it.
 */
export function EventResults({
  eventId,
  userId,
  endTime,
}: {
  eventId: number;
  userId: string;
  endTime: string;
}) {
  const ended = useClock((now) => Date.parse(endTime) <= now);
  return <Results eventId={eventId} userId={userId} ended={ended} />;
}

function MyDay({
  eventId,
  golf,
  userId,
  started,
}: {
  eventId: number;
  golf: EventGolf;
  userId: string;
  started: boolean;
}) {
  const card = useMyScorecard(eventId);
  const me = card.data?.players.find((p) => p.userId === userId);
  return (
    <Stack gap="xs" mt="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm">
        {golf.courseName} · {SCORING_FORMAT_LABELS[golf.scoringFormat]}
        {golf.handicapAllowance !== 100 ? ` · ${golf.handicapAllowance} % av banhandicapen` : ''}
      </Text>
      {card.isLoading ? (
        <Skeleton height={40} />
      ) : me ? (
        <Text size="sm">
          {me.playingHandicap === null ? (
            'Ditt spelhandicap räknas när du har ett handicap och en tee.'
          ) : (
            <>
              Ditt spelhandicap: <strong data-testid="my-playing-handicap">{me.playingHandicap}</strong>
              {me.courseHandicap !== null ? ` (banhandicap ${me.courseHandicap})` : ''}
              {me.tee ? `, tee ${me.tee.name}` : ''}
            </>
          )}
        </Text>
      ) : null}
      {me && card.data?.canEnter ? (
        <Button
          component={Link}
          to={`/events/${eventId}/scorecard`}
          leftSection={<IconPencil size={18} aria-hidden />}
          mih={48}
          w="fit-content"
        >
          Öppna scorekortet
        </Button>
      ) : me && !started ? (
        <Text size="sm" c="dimmed">
          Scorekortet öppnar när tävlingen startar.
        </Text>
      ) : null}
    </Stack>
  );
}

function Results({ eventId, userId, ended }: { eventId: number; userId: string; ended: boolean }) {
  const board = useLeaderboard(eventId);
  const link = (
    <Button
      component={Link}
      to={`/events/${eventId}/leaderboard`}
      variant="light"
      leftSection={<IconListNumbers size={18} aria-hidden />}
      w="fit-content"
    >
      {board.data?.final ? 'Hela resultatlistan' : 'Se resultattavlan'}
    </Button>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="results-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="results-heading">
            Resultat
          </Title>
        </Group>
        {board.isLoading ? (
          <Skeleton height={80} />
        ) : !board.data ? (
          <Text size="sm" c="dimmed">
            {apiErrorMessage(board.error, 'Resultaten visas efter prisutdelningen.')}
          </Text>
        ) : board.data.final ? (
          <>
            <Text size="sm" c="dimmed">
              Slutgiltigt resultat
            </Text>
            <LeaderboardTable board={board.data} userId={userId} limit={RESULT_ROWS} />
            <ContestList board={board.data} />
            {link}
          </>
        ) : (
          <>
            <Alert color="blue" variant="light">
              {ended ? 'Resultatet är inte slutgiltigt ännu.' : 'Tävlingen pågår – följ resultattavlan live.'}
            </Alert>
            {link}
          </>
        )}
      </Stack>
    </Card>
  );
}
