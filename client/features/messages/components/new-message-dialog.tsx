import { displayName } from '@common/rules/display-name';
import type { MemberListItem } from '@common/schemas/users';
import {
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconPencilPlus, IconSearch } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MemberAvatar } from './member-avatar';

/** Whether a member matches the dialog's search on first name, last name or e-mail (when visible). */
export function matchesMemberSearch(m: MemberListItem, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase('sv');
  if (!needle) return true;
  const email = 'email' in m ? m.email : null;
  return [m.firstName, m.lastName, m.fullName, email].some((v) =>
    v?.toLocaleLowerCase('sv').includes(needle),
  );
}

/** 'Nytt meddelande': search members (never oneself) and start a conversation with one. */
export function NewMessageDialog({ selfId, onPick }: { selfId: string; onPick(userId: string): void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const params = new URLSearchParams({ limit: '30' });
  if (debounced) params.set('q', debounced);
  const { data, isLoading } = useQuery(
    queryOptions<MemberListItem[]>({ queryKey: [`/api/users?${params}`], enabled: opened }),
  );
  const members = (data ?? []).filter((m) => m.id !== selfId && matchesMemberSearch(m, debounced));

  return (
    <>
      <Button leftSection={<IconPencilPlus size={16} />} onClick={open} size="sm">
        Nytt meddelande
      </Button>
      <Modal opened={opened} onClose={close} title="Nytt meddelande" centered>
        <Stack gap="sm">
          <TextInput
            label="Sök medlem"
            placeholder="Förnamn, efternamn eller e-post"
            leftSection={<IconSearch size={16} />}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-autofocus
          />
          <ScrollArea.Autosize mah={320}>
            {isLoading ? (
              <Group justify="center" py="md">
                <Loader size="sm" />
              </Group>
            ) : members.length === 0 ? (
              <Text c="dimmed" size="sm" py="sm">
                Inga medlemmar hittades
              </Text>
            ) : (
              <Stack gap={4} role="list">
                {members.map((m) => (
                  <UnstyledButton
                    key={m.id}
                    role="listitem"
                    p="xs"
                    style={{ borderRadius: 8 }}
                    onClick={() => {
                      close();
                      setQ('');
                      onPick(m.id);
                    }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <MemberAvatar member={m} size="sm" />
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {displayName(m)}
                        </Text>
                        {m.location ? (
                          <Text size="xs" c="dimmed" truncate>
                            {m.location}
                          </Text>
                        ) : null}
                      </div>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Stack>
      </Modal>
    </>
  );
}
