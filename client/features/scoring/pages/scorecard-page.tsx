import {
  useRealtime,
  useRealtimeStatus,
  useWatchLeaderboard,
} from '@client/features/messages/realtime/use-realtime';
import { apiErrorMessage, apiErrorStatus } from '@client/lib/api';
import { toastError } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { SCORING_FORMAT_LABELS } from '@common/rules/scoring';
import type { Scorecard, ScorecardPlayer } from '@common/schemas/scoring';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { scorecardKey, useMyScorecard, useSignOff } from '../api/scoring-api';
import { PlayerScoreRow } from '../components/player-score-row';
import { ScorecardSummary } from '../components/scorecard-summary';
import { onScoresSent, scoreQueue, useScoreQueue } from '../lib/phone-queue';
import { firstOpenIndex, mergeScores, playingOrder } from '../lib/score-display';

/** Where the card opens: the first hole (in the group's order) someone has no score for yet. */
const openHole = (sc: Scorecard) => firstOpenIndex(playingOrder(sc.holes, sc.group.startHole), sc.players);

/**
 * /events/{id}/scorecard: the caller's ball group on the phone, one hole at a time (issue 29). Every tap
 * goes into the phone's queue first (IndexedDB) and is sent when there is a connection.
 */
export function ScorecardPage() {
  usePageTitle('Scorekort');
  const { id = '' } = useParams();
  const eventId = Number(id);
  const valid = /^\d+$/.test(id);
  const card = useMyScorecard(eventId, valid);
  const entries = useScoreQueue();
  const qc = useQueryClient();
  const signOff = useSignOff(eventId);
  const [view, setView] = useState<'hole' | 'summary'>('hole');
  // The card opens on its open hole: at once when the card is there at the first render (the server's
  // render, which the browser hydrates as drawn), else when it arrives.
  const [index, setIndex] = useState(() => (card.data ? openHole(card.data) : 0));
  const placed = useRef(card.data !== undefined);
  const socket = useRealtimeStatus();

  // The socket's reconnect means the connection is back: send what waits.
  useEffect(() => {
    if (socket === 'connected') void scoreQueue.flush();
  }, [socket]);
  // What the server holds after a send goes into the card before the value leaves the queue.
  useEffect(
    () =>
      onScoresSent((sentFor, held) => {
        if (sentFor !== eventId) return;
        // A read of the card still on its way began before this write: its answer would bring the old
        // value back (and the next '+' would count from it), so it is dropped; the card is read again
        // once the queue is empty.
        void qc.cancelQueries({ queryKey: scorecardKey(eventId) });
        qc.setQueryData<Scorecard>(scorecardKey(eventId), (old) =>
          old
            ? {
                ...old,
                players: old.players.map((p) =>
                  p.userId === held.userId ? { ...p, scores: held.scores, signedOffAt: held.signedOffAt } : p,
                ),
              }
            : old,
        );
      }),
    [qc, eventId],
  );
  // The group mates' entries: the leaderboard's push says scores changed, the card is read again.
  useWatchLeaderboard(eventId);
  useRealtime((event) => {
    if (event.type === 'leaderboard' && event.data.leaderboard.eventId === eventId)
      void qc.invalidateQueries({ queryKey: scorecardKey(eventId) });
  });

  useEffect(() => {
    const sc = card.data;
    if (placed.current || !sc) return;
    placed.current = true;
    setIndex(openHole(sc));
  }, [card.data]);

  const mine = entries.filter((e) => e.eventId === eventId);
  const waiting = mine.filter((e) => !e.rejected);
  const rejected = mine.filter((e) => e.rejected);
  // Once everything waiting has been taken by the server, read the card again (the others' entries too).
  const hadWaiting = useRef(false);
  useEffect(() => {
    if (waiting.length > 0) hadWaiting.current = true;
    else if (hadWaiting.current) {
      hadWaiting.current = false;
      void qc.invalidateQueries({ queryKey: scorecardKey(eventId) });
    }
  }, [waiting.length, qc, eventId]);

  if (!valid) return <NoCard text="Scorekortet hittades inte" eventId={null} />;
  if (card.isLoading) {
    return (
      <Center py={80}>
        <Loader aria-label="Laddar scorekortet" />
      </Center>
    );
  }
  if (!card.data) {
    const status = apiErrorStatus(card.error);
    const text =
      status === 404 || status === 403
        ? apiErrorMessage(card.error, 'Du har inget scorekort i det här evenemanget')
        : 'Kunde inte ladda scorekortet';
    return <NoCard text={text} eventId={eventId} />;
  }

  const sc = card.data;
  const order = playingOrder(sc.holes, sc.group.startHole);
  const holeNumber = order[Math.min(index, order.length - 1)] ?? 1;
  const first = sc.players[0];
  const hole = first?.holes.find((h) => h.number === holeNumber);
  const scoresOf = (p: ScorecardPlayer) => mergeScores(p.scores, entries, eventId, p.userId);
  const disabled = !sc.canEnter;
  const atCheck = holeNumber === 9 || holeNumber === sc.holes || index === order.length - 1;
  const enter = (userId: string, strokes: number | null) =>
    void scoreQueue
      .enter(eventId, userId, holeNumber, strokes)
      .catch(() => toastError('Slaget kunde inte sparas på telefonen', 'Försök igen.'));

  return (
    <Container size="xs" px="sm" py="md">
      <Stack gap="sm">
        <Button
          component={Link}
          to={`/events/${eventId}`}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          w="fit-content"
          px={0}
        >
          Till evenemanget
        </Button>
        <Group justify="space-between" align="baseline">
          <Title order={1} fz="h2">
            Scorekort
          </Title>
          <Text size="sm" c="dimmed">
            Boll {sc.group.number} · {SCORING_FORMAT_LABELS[sc.format]}
          </Text>
        </Group>
        {waiting.length > 0 ? (
          <Alert color="yellow" icon={<IconCloudUpload size={18} aria-hidden />} role="status">
            Sparat på telefonen – skickas när du har anslutning
          </Alert>
        ) : null}
        {rejected.length > 0 ? (
          <Alert color="red" role="alert" title="Några slag kunde inte sparas">
            <Stack gap="xs">
              <Text size="sm">{rejected[0]?.rejected}</Text>
              <Button
                size="xs"
                variant="white"
                w="fit-content"
                onClick={() => void scoreQueue.dismissRejected(eventId)}
              >
                Jag förstår
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {sc.final ? (
          <Alert color="blue">Resultatet är slutgiltigt. Bara en administratör kan ändra slag nu.</Alert>
        ) : !sc.canEnter ? (
          <Alert color="blue">Scorekortet öppnar när tävlingen startar.</Alert>
        ) : null}
        <SegmentedControl
          fullWidth
          value={view}
          onChange={(v) => setView(v === 'summary' ? 'summary' : 'hole')}
          data={[
            { value: 'hole', label: 'Hål för hål' },
            { value: 'summary', label: 'Summering' },
          ]}
        />
        {view === 'hole' && hole ? (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Button
                variant="default"
                mih={48}
                leftSection={<IconChevronLeft size={18} aria-hidden />}
                disabled={index === 0}
                onClick={() => setIndex((i) => Math.max(0, i - 1))}
                aria-label="Förra hålet"
              >
                Förra
              </Button>
              <Stack gap={0} align="center">
                <Title order={2} fz="h3" aria-live="polite">
                  Hål {holeNumber}
                </Title>
                <Text size="sm" c="dimmed">
                  Par {hole.par} · Index {hole.strokeIndex}
                  {hole.lengthMeters ? ` · ${hole.lengthMeters} m` : ''}
                </Text>
              </Stack>
              <Button
                variant="default"
                mih={48}
                rightSection={<IconChevronRight size={18} aria-hidden />}
                disabled={index >= order.length - 1}
                onClick={() => setIndex((i) => Math.min(order.length - 1, i + 1))}
                aria-label="Nästa hål"
              >
                Nästa
              </Button>
            </Group>
            {sc.players.map((p) => (
              <PlayerScoreRow
                key={p.userId}
                player={p}
                holeNumber={holeNumber}
                scores={scoresOf(p)}
                format={sc.format}
                disabled={disabled}
                onChange={(strokes) => enter(p.userId, strokes)}
              />
            ))}
            {atCheck ? (
              <section aria-labelledby="check-heading">
                <Title order={2} fz="md" id="check-heading" mb={4}>
                  Kontrollera summeringen
                </Title>
                <ScorecardSummary
                  players={sc.players}
                  scoresOf={scoresOf}
                  format={sc.format}
                  holeCount={sc.holes}
                />
              </section>
            ) : null}
          </>
        ) : null}
        {view === 'summary' ? (
          <Stack gap="sm">
            <ScorecardSummary
              players={sc.players}
              scoresOf={scoresOf}
              format={sc.format}
              holeCount={sc.holes}
            />
            <Title order={2} fz="md">
              Signera scorekort
            </Title>
            {sc.players.map((p) => {
              const played = scoresOf(p).length;
              const pending = waiting.some((e) => e.userId === p.userId);
              return (
                <Group key={p.userId} justify="space-between" wrap="nowrap">
                  <Text style={{ overflowWrap: 'anywhere' }}>
                    {p.name}{' '}
                    <Text span size="sm" c="dimmed">
                      ({played} av {sc.holes} hål)
                    </Text>
                  </Text>
                  {p.signedOffAt ? (
                    <Text c="golf.8" fw={600}>
                      Signerat
                    </Text>
                  ) : (
                    <Button
                      mih={48}
                      disabled={disabled || played < sc.holes || pending || signOff.isPending}
                      aria-label={`Signera scorekortet för ${p.name}`}
                      onClick={() =>
                        signOff.mutate(p.userId, {
                          onError: (err) =>
                            toastError('Scorekortet kunde inte signeras', apiErrorMessage(err)),
                        })
                      }
                    >
                      Signera
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        ) : null}
        <Button component={Link} to={`/events/${eventId}/leaderboard`} variant="light" mih={48}>
          Se resultattavlan
        </Button>
      </Stack>
    </Container>
  );
}

function NoCard({ text, eventId }: { text: string; eventId: number | null }) {
  return (
    <Container size="xs" py={80}>
      <Stack align="center">
        <Title order={1} fz="h2" ta="center">
          {text}
        </Title>
        <Button
          component={Link}
          to={eventId ? `/events/${eventId}` : '/events'}
          leftSection={<IconArrowLeft size={16} />}
        >
          {eventId ? 'Till evenemanget' : 'Till evenemangen'}
        </Button>
      </Stack>
    </Container>
  );
}
