import { useAuth } from '@client/features/auth/hooks/use-auth';
import {
  useRealtime,
  useRealtimeStatus,
  useWatchLeaderboard,
} from '@client/features/messages/realtime/use-realtime';
import { apiErrorMessage } from '@client/lib/api';
import { usePageTitle } from '@client/lib/use-page-title';
import { SCORING_FORMAT_LABELS } from '@common/rules/scoring';
import { Alert, Badge, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { leaderboardKey, useLeaderboard } from '../api/scoring-api';
import { ContestList, LeaderboardTable } from '../components/leaderboard-table';

/**
 * /events/{id}/leaderboard: the golf day's leaderboard, live over the socket (`watch_leaderboard`, the
 * server pushes `{ type: 'leaderboard' }` as scores arrive), read again after a reconnect.
 */
export function LeaderboardPage() {
  usePageTitle('Resultattavla');
  const { id = '' } = useParams();
  const eventId = Number(id);
  const valid = /^\d+$/.test(id);
  const { user } = useAuth();
  const qc = useQueryClient();
  const board = useLeaderboard(eventId, valid);
  useWatchLeaderboard(eventId);
  useRealtime((event) => {
    if (event.type === 'leaderboard' && event.data.leaderboard.eventId === eventId)
      qc.setQueryData(leaderboardKey(eventId), event.data.leaderboard);
  });
  // Pushes missed while the socket was away: read the board again when it is back.
  const status = useRealtimeStatus();
  const wasConnected = useRef(status === 'connected');
  useEffect(() => {
    if (status === 'connected' && !wasConnected.current)
      void qc.invalidateQueries({ queryKey: leaderboardKey(eventId) });
    wasConnected.current = status === 'connected';
  }, [status, qc, eventId]);

  return (
    <Container size="sm" px="sm" py="md">
      <Stack gap="sm">
        <Button
          component={Link}
          to={valid ? `/events/${eventId}` : '/events'}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          w="fit-content"
          px={0}
        >
          Till evenemanget
        </Button>
        <Title order={1} fz="h2">
          Resultattavla
        </Title>
        {board.isLoading ? (
          <Center py="lg">
            <Loader aria-label="Laddar resultattavlan" />
          </Center>
        ) : !board.data ? (
          <Alert color="gray">{apiErrorMessage(board.error, 'Resultattavlan kunde inte laddas')}</Alert>
        ) : (
          <>
            <Group gap="xs">
              <Badge variant="light">{SCORING_FORMAT_LABELS[board.data.format]}</Badge>
              {board.data.final ? (
                <Badge color="golf">Slutgiltigt resultat</Badge>
              ) : (
                <Badge color={status === 'connected' ? 'red' : 'gray'} variant="dot">
                  {status === 'connected' ? 'Live' : 'Inte live just nu'}
                </Badge>
              )}
            </Group>
            <LeaderboardTable board={board.data} userId={user?.id} />
            <ContestList board={board.data} headingOrder={2} />
            {!board.data.final ? (
              <Text size="xs" c="dimmed">
                Placeringen avgörs av spelhandicap och de sista hålen vid lika resultat.
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
