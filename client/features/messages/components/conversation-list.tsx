import { displayName } from '@common/rules/display-name';
import type { Conversation } from '@common/schemas/messages';
import { Box, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatListDate } from '../lib/message-format';
import { MemberAvatar } from './member-avatar';

/** Conversations whose partner name or latest message contains the search text. */
export function filterConversations(list: Conversation[], q: string): Conversation[] {
  const needle = q.trim().toLocaleLowerCase('sv');
  if (!needle) return list;
  return list.filter((c) =>
    [displayName(c.user), c.messages.at(-1)?.content ?? ''].some((v) =>
      v.toLocaleLowerCase('sv').includes(needle),
    ),
  );
}

interface Props {
  conversations: Conversation[] | undefined;
  loading: boolean;
  selectedId: string | undefined;
  onSelect(userId: string): void;
}

/** The left column: conversation search and the rows (name, latest text, 'MMM d' date, unread dot). */
export function ConversationList({ conversations, loading, selectedId, onSelect }: Props) {
  const [q, setQ] = useState('');
  const shown = filterConversations(conversations ?? [], q);
  return (
    <Stack gap="sm" h="100%">
      <TextInput
        aria-label="Sök konversationer"
        placeholder="Sök konversationer..."
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <ScrollArea style={{ flex: 1 }} type="auto">
        {loading ? (
          <Group justify="center" py="xl">
            <Loader size="sm" />
          </Group>
        ) : shown.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="xl" px="sm">
            {q.trim()
              ? 'Inga konversationer matchar din sökning.'
              : 'Inga konversationer än. Börja skicka meddelanden till medlemmar!'}
          </Text>
        ) : (
          <Stack gap={2} component="ul" m={0} p={0} aria-label="Konversationer" style={{ listStyle: 'none' }}>
            {shown.map((c) => {
              const last = c.messages.at(-1);
              const active = c.user.id === selectedId;
              const unread = c.unreadCount > 0;
              return (
                <li key={c.user.id}>
                  <UnstyledButton
                    w="100%"
                    p="sm"
                    onClick={() => onSelect(c.user.id)}
                    aria-current={active ? 'true' : undefined}
                    bg={active ? 'golf.0' : undefined}
                    style={{ borderRadius: 8 }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <MemberAvatar member={c.user} />
                      <Box style={{ flex: 1, minWidth: 0 }}>
                        <Group justify="space-between" gap="xs" wrap="nowrap">
                          <Text size="sm" fw={unread ? 700 : 600} truncate>
                            {displayName(c.user)}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                            {formatListDate(c.lastMessageAt)}
                          </Text>
                        </Group>
                        <Group gap="xs" wrap="nowrap" justify="space-between">
                          <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate>
                            {last?.content}
                          </Text>
                          {unread ? (
                            <Box
                              w={10}
                              h={10}
                              bg="golf.6"
                              role="img"
                              aria-label="Oläst"
                              style={{ borderRadius: '50%', flexShrink: 0 }}
                            />
                          ) : null}
                        </Group>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
      </ScrollArea>
    </Stack>
  );
}
