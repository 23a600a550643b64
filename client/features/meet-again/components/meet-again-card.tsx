import { apiErrorMessage } from '@client/lib/api';
import { formatLongDate } from '@client/lib/dates';
import { avatarSrc } from '@client/lib/images';
import { toastError } from '@client/lib/toast';
import { useClock } from '@client/lib/use-now';
import { msg } from '@common/messages';
import {
  MEET_AGAIN_CHOICE_LABELS,
  MEET_AGAIN_CHOICES,
  MEET_AGAIN_MATCH_LABELS,
  type MeetAgainChoice,
} from '@common/options';
import { avatarInitial, displayName } from '@common/rules/display-name';
import type { EventDetail } from '@common/schemas/events';
import type { MeetAgainPerson } from '@common/schemas/meet-again';
import { Alert, Anchor, Avatar, Badge, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAnswerMeetAgain, useMeetAgain } from '../api/meet-again-api';

const NO_ANSWER = 'none';

/** One person: their name and the caller's three choices (or none); a match instead once there is one. */
function PersonAnswer({ eventId, person }: { eventId: number; person: MeetAgainPerson }) {
  const save = useAnswerMeetAgain(eventId);
  const name = displayName(person.user);
  const labelId = `vill-ses-igen-${person.user.id}`;
  // Shown at once; the saved answer comes back with the server's answer (or the old one on a failure).
  const saved = person.choice ?? NO_ANSWER;
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group gap="sm" wrap="nowrap" align="center" mb="xs">
        <Avatar
          src={avatarSrc(person.user.profileImageId, person.user.profileImageUrl)}
          alt=""
          color="golf"
          radius="xl"
        >
          {avatarInitial(person.user)}
        </Avatar>
        <Text fw={600} id={labelId}>
          {name}
        </Text>
      </Group>
      {person.match ? (
        <Stack gap={4}>
          <Badge color="golf" variant="light">
            Ni matchade: {MEET_AGAIN_MATCH_LABELS[person.match]}
          </Badge>
          <Anchor component={Link} to={`/messages/${person.user.id}`}>
            Skriv till {name}
          </Anchor>
        </Stack>
      ) : (
        <Radio.Group
          aria-labelledby={labelId}
          value={value}
          onChange={(next) => {
            setValue(next);
            const choice = next === NO_ANSWER ? null : (next as MeetAgainChoice);
            save.mutate(
              { userId: person.user.id, choice },
              {
                onError: (err) => {
                  setValue(saved);
                  toastError(msg.meetAgainSaveFailed, apiErrorMessage(err, 'Försök igen.'));
                },
              },
            );
          }}
        >
          <Group gap="md" mt={4}>
            {MEET_AGAIN_CHOICES.map((c) => (
              <Radio key={c} value={c} label={MEET_AGAIN_CHOICE_LABELS[c]} />
            ))}
            <Radio value={NO_ANSWER} label="Inget svar" />
          </Group>
        </Radio.Group>
      )}
    </Card>
  );
}

/**
 * 'Vill ses igen' on the event page (issue 30): after the event, a checked-in member answers privately
 * for each other checked-in participant. Shows nothing to anyone else (the server answers 403).
 */
export function MeetAgainCard({ event }: { event: EventDetail }) {
  const ended = useClock((now) => Date.parse(event.endTime) <= now);
  const query = useMeetAgain(event.id, ended && event.myRegistration?.status === 'registered');
  const data = query.data;
  if (!data) return null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="vill-ses-igen-rubrik">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="vill-ses-igen-rubrik">
          Vill ses igen
        </Title>
        {!data.enabled ? (
          <Text size="sm">
            Du har stängt av Vill ses igen.{' '}
            <Anchor component={Link} to="/profile#integritet">
              Ändra i integritetsinställningarna
            </Anchor>
          </Text>
        ) : !data.open ? (
          <Text size="sm">Tiden för att svara gick ut {formatLongDate(data.closesAt)}.</Text>
        ) : (
          <>
            <Text size="sm">
              Vill du träffa någon igen? Svara för var och en: Dejt, Golfkompis eller Nej tack. Dina svar är
              hemliga. Bara när ni båda har svarat Dejt eller Golfkompis om varandra får ni veta det, och då
              kan ni skriva till varandra. Ett Nej tack visas aldrig för någon, inte heller för arrangörerna.
            </Text>
            <Text size="sm" c="dimmed">
              Du kan svara till och med {formatLongDate(data.closesAt)}. Svar som inte blev en matchning
              raderas sedan.
            </Text>
            {data.people.length === 0 ? (
              <Alert variant="light" color="gray">
                Det finns ingen annan incheckad deltagare att svara om.
              </Alert>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.people.map((p) => (
                  <PersonAnswer key={p.user.id} eventId={event.id} person={p} />
                ))}
              </Stack>
            )}
          </>
        )}
        <Button component={Link} to="/matchningar" variant="light">
          Mina matchningar
        </Button>
      </Stack>
    </Card>
  );
}
