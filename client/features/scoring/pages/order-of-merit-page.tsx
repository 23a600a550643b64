import { useAuth } from '@client/features/auth/hooks/use-auth';
import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import type { OrderOfMerit } from '@common/schemas/scoring';
import { stockholmToday } from '@common/time';
import {
  Alert,
  Button,
  Center,
  Container,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOrderOfMerit, useSaveOrderOfMeritRules } from '../api/scoring-api';
import { parsePointsList } from '../lib/order-of-merit-rules';

/** The seasons to choose from: this year and the five before it. */
const seasonsUpTo = (year: number) => Array.from({ length: 6 }, (_, i) => String(year - i));

/** /order-of-merit: 'Säsongstabell', the season's points per member by the admin's rules (issue 29). */
export function OrderOfMeritPage() {
  usePageTitle('Säsongstabell');
  const thisYear = Number(stockholmToday().slice(0, 4));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('season'));
  const season = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear + 1 ? asked : thisYear;
  const table = useOrderOfMerit(season);
  const { isAdmin } = useAuth();

  return (
    <Container size="sm" px="sm" py="md">
      <Stack gap="md">
        <Title order={1}>Säsongstabell</Title>
        <NativeSelect
          label="Säsong"
          w={160}
          value={String(season)}
          data={seasonsUpTo(thisYear)}
          onChange={(e) => setParams({ season: e.currentTarget.value }, { replace: true })}
        />
        {table.isLoading ? (
          <Center py="lg">
            <Loader aria-label="Laddar säsongstabellen" />
          </Center>
        ) : !table.data ? (
          <Alert color="red">{apiErrorMessage(table.error, 'Säsongstabellen kunde inte laddas')}</Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {table.data.events} tävlingar · de {table.data.rules.bestOf} bästa räknas · poäng per placering:{' '}
              {table.data.rules.pointsPerPosition.join(', ')}
            </Text>
            <OrderOfMeritTable table={table.data} />
            {isAdmin ? <RulesForm season={season} table={table.data} /> : null}
          </>
        )}
      </Stack>
    </Container>
  );
}

function OrderOfMeritTable({ table }: { table: OrderOfMerit }) {
  if (table.rows.length === 0)
    return <Text c="dimmed">Inga slutgiltiga resultat den här säsongen ännu.</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder fz="sm" aria-label={`Säsongstabell ${table.season}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Plac.</Table.Th>
            <Table.Th scope="col">Namn</Table.Th>
            <Table.Th scope="col" ta="right">
              Poäng
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Spelade
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Räknade
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((r) => (
            <Table.Tr key={r.userId}>
              <Table.Td>{r.position}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {r.points}
              </Table.Td>
              <Table.Td ta="right">{r.played}</Table.Td>
              <Table.Td ta="right">{r.counted}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The admin's rules of a season: points per position (comma-separated) and best N events. */
function RulesForm({ season, table }: { season: number; table: OrderOfMerit }) {
  const save = useSaveOrderOfMeritRules(season);
  const [points, setPoints] = useState(table.rules.pointsPerPosition.join(', '));
  const [bestOf, setBestOf] = useState<number | string>(table.rules.bestOf);
  const parsed = parsePointsList(points);
  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!parsed.ok || typeof bestOf !== 'number') return;
          save.mutate(
            { pointsPerPosition: parsed.points, bestOf },
            {
              onSuccess: () => toastSuccess('Reglerna är sparade'),
              onError: (err) => toastError('Reglerna kunde inte sparas', apiErrorMessage(err)),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Regler för säsongen {season}
          </Title>
          <TextInput
            label="Poäng per placering"
            description="Kommaseparerat, från förstaplatsen: 25, 20, 16, 13 …"
            value={points}
            onChange={(e) => setPoints(e.currentTarget.value)}
            error={parsed.ok ? undefined : parsed.message}
          />
          <NumberInput
            label="Antal bästa tävlingar som räknas"
            min={1}
            max={100}
            allowDecimal={false}
            value={bestOf}
            onChange={setBestOf}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!parsed.ok}>
              Spara reglerna
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
