import { apiErrorMessage } from '@client/lib/api';
import { formatDayTime } from '@client/lib/dates';
import { RIDE_MESSAGE_MAX } from '@common/limits';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useRideMessages, useSendRideMessage } from '../api/rides-api';

/** The ride's conversation: the driver and the accepted passengers (issue 30). */
export function RideChat({ rideId }: { rideId: number }) {
  const messages = useRideMessages(rideId);
  const send = useSendRideMessage(rideId);
  const [text, setText] = useState('');
  return (
    <Stack gap="xs" mt="sm">
      <div role="log" aria-label="Konversation för samåkningen" aria-live="polite">
        {messages.data?.messages.length ? (
          messages.data.messages.map((m) => (
            <Text key={m.id} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              <strong>{m.sender.name}</strong> <span>({formatDayTime(m.sentAt)})</span>: {m.content}
            </Text>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            Inga meddelanden än. Bestäm tid och plats här.
          </Text>
        )}
      </div>
      {messages.error ? <Alert color="red">{apiErrorMessage(messages.error)}</Alert> : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!text.trim()) return;
          send.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            label="Meddelande till samåkningen"
            autosize
            minRows={1}
            maxLength={RIDE_MESSAGE_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={send.error ? apiErrorMessage(send.error) : null}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={send.isPending}>
            Skicka
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
