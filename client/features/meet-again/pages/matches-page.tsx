import { apiErrorMessage } from '@client/lib/api';
import { formatLongDate } from '@client/lib/dates';
import { avatarSrc } from '@client/lib/images';
import { usePageTitle } from '@client/lib/use-page-title';
import { MEET_AGAIN_MATCH_LABELS } from '@common/options';
import { avatarInitial, displayName } from '@common/rules/display-name';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useMatches } from '../api/meet-again-api';

/**
 * /matchningar: the member's 'Vill ses igen' matches (issue 30): who, after which event, date or golf
 * buddy, since when, and a link to the conversation with them.
 */
export function MatchesPage() {
  usePageTitle('Matchningar');
  const matches = useMatches();

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Matchningar</Title>
        <Text size="sm" c="dimmed">
          Här ser du dem som vill ses igen lika mycket som du, efter ett evenemang ni båda var med på. Bara
          ömsesidiga svar visas; ett Nej tack eller ett obesvarat svar syns aldrig.
        </Text>
        {matches.isLoading ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Laddar matchningar" />
          </Group>
        ) : matches.error ? (
          <Alert color="red" variant="light">
            {apiErrorMessage(matches.error, 'Matchningarna kunde inte hämtas.')}
          </Alert>
        ) : (matches.data ?? []).length === 0 ? (
          <Alert color="gray" variant="light">
            Du har inga matchningar ännu. Efter ett evenemang där du checkats in kan du svara på Vill ses igen
            på evenemangets sida.
          </Alert>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            aria-label="Mina matchningar"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {(matches.data ?? []).map((m) => {
              const name = displayName(m.member);
              return (
                <Card key={m.id} withBorder radius="md" padding="md" component="li">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Avatar
                      src={avatarSrc(m.member.profileImageId, m.member.profileImageUrl)}
                      alt=""
                      color="golf"
                      radius="xl"
                    >
                      {avatarInitial(m.member)}
                    </Avatar>
                    <Stack gap={4} style={{ minWidth: 0 }}>
                      <Group gap="xs">
                        <Text fw={600}>{name}</Text>
                        <Badge color={m.kind === 'date' ? 'pink' : 'golf'} variant="light">
                          {MEET_AGAIN_MATCH_LABELS[m.kind]}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        <Anchor component={Link} to={`/events/${m.event.id}`} size="sm">
                          {m.event.title}
                        </Anchor>{' '}
                        · sedan {formatLongDate(m.createdAt)}
                      </Text>
                      <Button
                        component={Link}
                        to={`/messages/${m.member.id}`}
                        size="xs"
                        variant="light"
                        w="fit-content"
                      >
                        Skriv till {name}
                      </Button>
                    </Stack>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
