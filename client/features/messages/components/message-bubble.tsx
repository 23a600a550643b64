import type { Message } from '@common/schemas/messages';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  message: Message;
  own: boolean;
  time: string;
  large?: boolean;
  /** Shown before the bubble for others' messages (group chat: the sender's avatar). */
  avatar?: ReactNode;
  /** Shown above the text for others' messages (group chat: the sender's name). */
  name?: string;
  /** Beside others' messages ('Rapportera'). */
  action?: ReactNode;
}

/** One message: own on the right in the site colour, others on the left; the text is plain text. */
export function MessageBubble({ message, own, time, large, avatar, name, action }: Props) {
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} align="flex-end" gap="xs" wrap="nowrap" data-own={own}>
      {!own && avatar}
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="80%"
        bg={own ? 'golf.7' : 'gray.1'}
        c={own ? 'white' : undefined}
        style={{ minWidth: 0 }}
      >
        <Stack gap={2}>
          {!own && name ? (
            <Text size="xs" fw={700} c="golf.8">
              {name}
            </Text>
          ) : null}
          <Box
            component="p"
            m={0}
            fz={large ? 'lg' : 'sm'}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {message.content}
          </Box>
          <Text size="xs" c={own ? 'golf.1' : 'dimmed'} ta={own ? 'right' : 'left'}>
            {time}
          </Text>
        </Stack>
      </Paper>
      {!own && action}
    </Group>
  );
}
