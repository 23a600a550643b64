import { apiErrorMessage } from '@client/lib/api';
import { formatDayTime } from '@client/lib/dates';
import { toastSuccess } from '@client/lib/toast';
import { RIDE_NOTE_MAX, RIDE_SEATS_MAX, RIDE_SEATS_MIN } from '@common/limits';
import { RIDE_KIND_LABELS, type RideKind } from '@common/options';
import { COUNTIES } from '@common/regions';
import type { Ride } from '@common/schemas/rides';
import { stockholmDateTime, stockholmParts } from '@common/time';
import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useCreateRide, useRideAction, useRides } from '../api/rides-api';

const RideChat = lazy(() => import('./ride-chat').then((m) => ({ default: m.RideChat })));

const MUNICIPALITIES = [...new Set(COUNTIES.flatMap((c) => c.municipalities))].sort((a, b) =>
  a.localeCompare(b, 'sv'),
);

const pad = (n: number) => String(n).padStart(2, '0');
/** A Stockholm wall-clock 'YYYY-MM-DDTHH:mm' for a datetime-local input. */
function localValue(at: Date): string {
  const p = stockholmParts(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * 'Samåkning' on the event page (issue 30), for members with a place: offer seats or ask for a ride,
 * the list with rides from the member's own area first, asking for a seat, and the driver's accept.
 */
export function RidesSection({
  eventId,
  startTime,
  paused = false,
}: {
  eventId: number;
  startTime: string;
  /** The event page is reading the member's place again: the list waits. */
  paused?: boolean;
}) {
  const rides = useRides(eventId, !paused);
  const [adding, setAdding] = useState(false);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="rides-heading"
      id="samakning"
    >
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="lg" id="rides-heading">
          Samåkning
        </Title>
        {adding ? null : (
          <Button variant="light" size="xs" onClick={() => setAdding(true)}>
            Erbjud eller sök skjuts
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Dela bil till evenemanget. Resor från din kommun och ditt län visas först.
      </Text>
      {adding ? <RideForm eventId={eventId} startTime={startTime} onDone={() => setAdding(false)} /> : null}
      {rides.isLoading ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : rides.error ? (
        <Alert color="red">{apiErrorMessage(rides.error, 'Kunde inte ladda samåkningen.')}</Alert>
      ) : rides.data?.rides.length ? (
        <Stack gap="sm" mt="sm">
          {rides.data.rides.map((r) => (
            <RideCard key={r.id} ride={r} eventId={eventId} />
          ))}
        </Stack>
      ) : (
        <Text size="sm">Ingen har lagt upp någon samåkning än.</Text>
      )}
    </Card>
  );
}

function RideForm({
  eventId,
  startTime,
  onDone,
}: {
  eventId: number;
  startTime: string;
  onDone: () => void;
}) {
  const create = useCreateRide(eventId);
  const [kind, setKind] = useState<RideKind>('offer');
  const [from, setFrom] = useState('');
  const [departAt, setDepartAt] = useState(() => localValue(new Date(Date.parse(startTime) - 2 * 3600_000)));
  const [seats, setSeats] = useState<number | string>(3);
  const [note, setNote] = useState('');
  return (
    <form
      aria-label="Ny samåkning"
      onSubmit={(e) => {
        e.preventDefault();
        const [date, clock] = departAt.split('T');
        const at = date && clock ? stockholmDateTime(date, clock.slice(0, 5)) : null;
        create.mutate(
          {
            kind,
            from,
            departAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : departAt,
            seats: kind === 'offer' ? (typeof seats === 'number' ? seats : null) : null,
            note: note.trim() || null,
          },
          {
            onSuccess: () => {
              toastSuccess('Samåkningen är upplagd');
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="sm" mb="md">
        <Radio.Group label="Jag" value={kind} onChange={(v) => setKind(v as RideKind)}>
          <Group gap="md" mt={6}>
            <Radio value="offer" label={RIDE_KIND_LABELS.offer} />
            <Radio value="request" label={RIDE_KIND_LABELS.request} />
          </Group>
        </Radio.Group>
        <Autocomplete
          label="Åker från (kommun)"
          placeholder="T.ex. Täby"
          data={MUNICIPALITIES}
          limit={12}
          value={from}
          onChange={setFrom}
          required
          maxLength={60}
        />
        <TextInput
          type="datetime-local"
          label="Avresa"
          value={departAt}
          onChange={(e) => setDepartAt(e.currentTarget.value)}
          required
        />
        {kind === 'offer' ? (
          <NumberInput
            label="Lediga platser"
            min={RIDE_SEATS_MIN}
            max={RIDE_SEATS_MAX}
            allowDecimal={false}
            value={seats}
            onChange={setSeats}
            required
          />
        ) : null}
        <Textarea
          label="Meddelande (valfritt)"
          description="T.ex. var du hämtar upp eller om det finns plats för golfbag."
          maxLength={RIDE_NOTE_MAX}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {create.error ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(create.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Avbryt
          </Button>
          <Button type="submit" loading={create.isPending}>
            Lägg upp
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RideCard({ ride, eventId }: { ride: Ride; eventId: number }) {
  const action = useRideAction(eventId);
  const [chatOpen, setChatOpen] = useState(false);
  const seatsLeft = ride.seats === null ? null : Math.max(ride.seats - ride.seatsTaken, 0);
  const label = `${RIDE_KIND_LABELS[ride.kind]}: ${ride.owner.name} från ${ride.from}`;
  return (
    <Card withBorder radius="sm" padding="sm" component="article" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {ride.mine ? 'Du' : ride.owner.name} · {RIDE_KIND_LABELS[ride.kind].toLowerCase()}
          </Text>
          <Text size="sm">
            Från {ride.from}
            {ride.county ? ` (${ride.county})` : ''} · avresa {formatDayTime(ride.departAt)}
          </Text>
        </div>
        <Group gap={4}>
          {ride.match === 'same' ? <Badge color="golf">Från din kommun</Badge> : null}
          {ride.match === 'near' ? <Badge color="blue">Från ditt län</Badge> : null}
          {ride.kind === 'offer' ? (
            ride.full ? (
              <Badge color="red">Full</Badge>
            ) : (
              <Badge variant="light">
                {seatsLeft} av {ride.seats} {ride.seats === 1 ? 'plats' : 'platser'} kvar
              </Badge>
            )
          ) : null}
          {ride.myStatus === 'requested' ? <Badge color="yellow">Väntar på svar</Badge> : null}
          {ride.myStatus === 'accepted' ? <Badge color="green">Du åker med</Badge> : null}
        </Group>
      </Group>
      {ride.note ? (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ride.note}
        </Text>
      ) : null}
      {ride.passengers.length > 0 ? (
        <Stack gap={4} mt="xs">
          <Text size="sm" fw={500}>
            {ride.mine ? 'Vill åka med' : 'Passagerare'}
          </Text>
          {ride.passengers.map((p) => (
            <Group key={p.user.id} gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm">
                {p.user.name}
                {p.status === 'accepted' ? ' – godkänd' : ' – väntar'}
              </Text>
              {ride.abilities.canAccept ? (
                <Group gap={4}>
                  {p.status === 'requested' ? (
                    <Button
                      size="compact-sm"
                      disabled={ride.full}
                      aria-label={`Godkänn ${p.user.name}`}
                      onClick={() => action.mutate({ kind: 'accept', rideId: ride.id, userId: p.user.id })}
                    >
                      Godkänn
                    </Button>
                  ) : null}
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`${p.status === 'accepted' ? 'Ta bort' : 'Avböj'} ${p.user.name}`}
                    onClick={() => action.mutate({ kind: 'decline', rideId: ride.id, userId: p.user.id })}
                  >
                    {p.status === 'accepted' ? 'Ta bort' : 'Avböj'}
                  </Button>
                </Group>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
      {action.error ? (
        <Alert color="red" role="alert" mt="xs">
          {apiErrorMessage(action.error)}
        </Alert>
      ) : null}
      <Group gap="xs" mt="xs">
        {ride.abilities.canJoin ? (
          <Button size="xs" onClick={() => action.mutate({ kind: 'join', rideId: ride.id })}>
            Be om plats
          </Button>
        ) : null}
        {ride.abilities.canLeave ? (
          <Button
            size="xs"
            variant="default"
            onClick={() => action.mutate({ kind: 'leave', rideId: ride.id })}
          >
            Lämna
          </Button>
        ) : null}
        {ride.abilities.canChat ? (
          <Button size="xs" variant="light" onClick={() => setChatOpen((o) => !o)} aria-expanded={chatOpen}>
            {chatOpen ? 'Dölj konversationen' : 'Konversation'}
          </Button>
        ) : null}
        {ride.abilities.canDelete ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => {
              if (window.confirm('Ta bort din samåkning? De som åker med får ett meddelande.'))
                action.mutate({ kind: 'delete', rideId: ride.id });
            }}
          >
            Ta bort
          </Button>
        ) : null}
      </Group>
      {chatOpen ? (
        <Suspense fallback={<Loader size="sm" />}>
          <RideChat rideId={ride.id} />
        </Suspense>
      ) : null}
    </Card>
  );
}
