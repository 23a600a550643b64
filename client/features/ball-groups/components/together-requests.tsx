import { apiErrorMessage } from '@client/lib/api';
import { toastError } from '@client/lib/toast';
import { displayName } from '@common/rules/display-name';
import type { Registration } from '@common/schemas/registrations';
import { ActionIcon, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useAddTogether, useRemoveTogether, useTogetherRequests } from '../api/together-api';

/**
 * 'Spela tillsammans': the admin's requests that two registered members share a ball group (friends on a
 * trip, a couple). The next generation honours them where the numbers allow, never for members who have
 * blocked one another (the server refuses those).
 */
export function TogetherRequests({
  eventId,
  registrations,
}: {
  eventId: number;
  registrations: Registration[];
}) {
  const requests = useTogetherRequests(eventId);
  const add = useAddTogether(eventId);
  const remove = useRemoveTogether(eventId);
  const [first, setFirst] = useState<string | null>(null);
  const [second, setSecond] = useState<string | null>(null);
  const options = registrations
    .filter((r) => r.status === 'registered')
    .map((r) => ({ value: String(r.id), label: displayName(r.user) }));

  const onAdd = () => {
    if (!first || !second) return;
    add.mutate([Number(first), Number(second)], {
      onSuccess: () => {
        setFirst(null);
        setSecond(null);
      },
      onError: (err) => toastError('Kunde inte spara önskemålet', apiErrorMessage(err)),
    });
  };

  const list = requests.data ?? [];
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="together-heading">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md" id="together-heading">
            Spela tillsammans
          </Title>
          <Text size="sm" c="dimmed">
            Önskemål om att två deltagare ska hamna i samma bollgrupp. Gäller vid nästa indelning.
          </Text>
        </div>
        {list.length > 0 ? (
          <List spacing={4} aria-label="Önskemål om att spela tillsammans" listStyleType="none">
            {list.map((p) => {
              const [a, b] = p.members;
              return (
                <List.Item key={`${a.userId}|${b.userId}`}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">
                      {a.name} och {b.name}
                      {a.registrationId === null || b.registrationId === null ? ' (inte längre anmäld)' : ''}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Ta bort önskemålet: ${a.name} och ${b.name}`}
                      onClick={() =>
                        remove.mutate([a.userId, b.userId], {
                          onError: (err) => toastError('Kunde inte ta bort önskemålet', apiErrorMessage(err)),
                        })
                      }
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        ) : (
          <Text size="sm">Inga önskemål.</Text>
        )}
        <Group align="flex-end" wrap="wrap" gap="xs">
          <Select label="Deltagare" data={options} value={first} onChange={setFirst} searchable miw={180} />
          <Select
            label="Spelar med"
            data={options.filter((o) => o.value !== first)}
            value={second}
            onChange={setSecond}
            searchable
            miw={180}
          />
          <Button variant="default" onClick={onAdd} disabled={!first || !second} loading={add.isPending}>
            Lägg till
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
