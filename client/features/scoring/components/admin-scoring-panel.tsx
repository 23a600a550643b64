import { apiErrorMessage } from '@client/lib/api';
import { formatDayTime } from '@client/lib/dates';
import { toastError, toastSuccess } from '@client/lib/toast';
import { RATING_GENDER_LABELS, RATING_GENDERS } from '@common/options';
import type { ContestInput, Leaderboard } from '@common/schemas/scoring';
import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useContests, useLeaderboard, useMakeFinal, useScoreChanges } from '../api/scoring-api';
import { contestLabel } from './leaderboard-table';

const strokesText = (n: number | null) => (n === null ? 'Struken' : String(n));

/**
 * 'Resultat' for the organiser on the event page (issue 29): 'Gör resultatet slutgiltigt', the side
 * contests (add and delete) and every change of a score (who, when, whose card, hole, old and new).
 */
export function AdminScoringPanel({ eventId }: { eventId: number }) {
  const board = useLeaderboard(eventId);
  return (
    <Stack gap="lg">
      <FinalResults eventId={eventId} board={board.data} />
      {board.data ? <ContestsForm eventId={eventId} board={board.data} /> : null}
      <ScoreChanges eventId={eventId} />
    </Stack>
  );
}

function FinalResults({ eventId, board }: { eventId: number; board: Leaderboard | undefined }) {
  const makeFinal = useMakeFinal(eventId);
  const [confirming, setConfirming] = useState(false);
  if (board?.final)
    return (
      <Alert color="golf" title="Resultatet är slutgiltigt">
        <Stack gap="xs">
          <Text size="sm">Bara en administratör kan ändra slag nu, och ändringarna loggas nedan.</Text>
          <Button
            size="xs"
            variant="default"
            w="fit-content"
            loading={makeFinal.isPending}
            onClick={() =>
              makeFinal.mutate(false, {
                onError: (err) => toastError('Resultatet kunde inte öppnas igen', apiErrorMessage(err)),
              })
            }
          >
            Öppna resultatet igen
          </Button>
        </Stack>
      </Alert>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} fz="md">
          Slutgiltigt resultat
        </Title>
        <Text size="sm" c="dimmed">
          Efter det kan bara en administratör ändra slag. Annars blir resultatet slutgiltigt två timmar efter
          att sista bollen gått in.
        </Text>
        {confirming ? (
          <Group>
            <Button
              color="red"
              loading={makeFinal.isPending}
              onClick={() =>
                makeFinal.mutate(true, {
                  onSuccess: () => {
                    setConfirming(false);
                    toastSuccess('Resultatet är slutgiltigt');
                  },
                  onError: (err) =>
                    toastError('Resultatet kunde inte göras slutgiltigt', apiErrorMessage(err)),
                })
              }
            >
              Ja, gör resultatet slutgiltigt
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)}>
              Avbryt
            </Button>
          </Group>
        ) : (
          <Button w="fit-content" onClick={() => setConfirming(true)}>
            Gör resultatet slutgiltigt
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

const CONTEST_TYPES = [
  { value: 'closest_to_pin', label: 'Närmast hål' },
  { value: 'longest_drive', label: 'Längsta drive' },
];
const GENDERS = [
  { value: '', label: 'Alla' },
  ...RATING_GENDERS.map((g) => ({ value: g, label: RATING_GENDER_LABELS[g] })),
];

/** The highest hole a contest may name (the schema's; a 9-hole course simply has no holes 10-18). */
const HOLES = 18;

function ContestsForm({ eventId, board }: { eventId: number; board: Leaderboard }) {
  const holes = HOLES;
  const { add, remove } = useContests(eventId);
  const [type, setType] = useState<ContestInput['type']>('closest_to_pin');
  const [hole, setHole] = useState<number | string>('');
  const [gender, setGender] = useState('');
  const [winner, setWinner] = useState<string | null>(null);
  const [measure, setMeasure] = useState('');
  const holeOk = typeof hole === 'number' && Number.isInteger(hole) && hole >= 1 && hole <= holes;
  const submit = () => {
    if (!holeOk || !winner) return;
    add.mutate(
      {
        type,
        hole,
        gender: gender === 'male' || gender === 'female' ? gender : null,
        winnerUserId: winner,
        measure: measure.trim() || null,
      },
      {
        onSuccess: () => {
          setWinner(null);
          setMeasure('');
          setHole('');
        },
        onError: (err) => toastError('Tävlingen kunde inte sparas', apiErrorMessage(err)),
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Närmast hål och längsta drive
        </Title>
        {board.contests.length > 0 ? (
          <Stack gap={4}>
            {board.contests.map((c) => (
              <Group key={c.id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {contestLabel(c)}: <strong>{c.winnerName}</strong>
                  {c.measure ? ` (${c.measure})` : ''}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Ta bort ${contestLabel(c)}`}
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={() =>
                    remove.mutate(c.id, {
                      onError: (err) => toastError('Tävlingen kunde inte tas bort', apiErrorMessage(err)),
                    })
                  }
                >
                  Ta bort
                </Button>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Inga tävlingar på hål ännu.
          </Text>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Tävling"
              data={CONTEST_TYPES}
              allowDeselect={false}
              value={type}
              onChange={(v) => setType(v === 'longest_drive' ? 'longest_drive' : 'closest_to_pin')}
            />
            <NumberInput
              label="Hål"
              min={1}
              max={holes}
              allowDecimal={false}
              clampBehavior="none"
              value={hole}
              onChange={setHole}
              error={hole !== '' && !holeOk ? `Ange ett hål mellan 1 och ${holes}` : undefined}
            />
            <Select
              label="Klass"
              data={GENDERS}
              allowDeselect={false}
              value={gender}
              onChange={(v) => setGender(v ?? '')}
            />
            <Select
              label="Vinnare"
              searchable
              data={board.rows.map((r) => ({ value: r.userId, label: r.name }))}
              value={winner}
              onChange={setWinner}
            />
            <TextInput
              label="Mått"
              description="Till exempel 2,35 m eller 254 m"
              maxLength={40}
              value={measure}
              onChange={(e) => setMeasure(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" disabled={!holeOk || !winner} loading={add.isPending}>
              Lägg till tävling
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

function ScoreChanges({ eventId }: { eventId: number }) {
  const changes = useScoreChanges(eventId);
  return (
    <section aria-labelledby="score-changes-heading">
      <Title order={3} fz="md" id="score-changes-heading" mb="xs">
        Ändringar av slag
      </Title>
      {changes.isLoading ? (
        <Loader size="sm" aria-label="Laddar ändringarna" />
      ) : !changes.data ? (
        <Alert color="red">{apiErrorMessage(changes.error, 'Ändringarna kunde inte laddas')}</Alert>
      ) : changes.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Inga slag är inmatade ännu.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480} mah={420}>
          <Table striped fz="sm" stickyHeader aria-labelledby="score-changes-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Tid</Table.Th>
                <Table.Th scope="col">Ändrat av</Table.Th>
                <Table.Th scope="col">Spelare</Table.Th>
                <Table.Th scope="col" ta="right">
                  Hål
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Från
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Till
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDayTime(c.changedAt)}</Table.Td>
                  <Table.Td>{c.changedByName ?? '–'}</Table.Td>
                  <Table.Td>{c.playerName}</Table.Td>
                  <Table.Td ta="right">{c.hole}</Table.Td>
                  <Table.Td ta="right">{c.hadOld ? strokesText(c.oldStrokes) : '–'}</Table.Td>
                  <Table.Td ta="right">
                    {strokesText(c.newStrokes)}
                    {c.afterFinal ? ' (efter fastställande)' : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
