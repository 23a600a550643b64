import { ReportAction } from '@client/features/reports/components/report-action';
import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import type { MessageSender } from '@common/schemas/messages';
import { ActionIcon, Alert, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSendMessage, useThread } from '../api/messages-api';
import { formatThreadTime } from '../lib/message-format';
import { MemberAvatar } from './member-avatar';
import { MessageBubble } from './message-bubble';
import { MessageInput } from './message-input';

interface Props {
  selfId: string;
  partnerId: string;
  partner: MessageSender | undefined;
  largeText: boolean;
  onBack?: () => void;
}

/** The right column: the thread with one member (own messages right, others left) and the input. */
export function ThreadView({ selfId, partnerId, partner, largeText, onBack }: Props) {
  const { data, isLoading } = useThread(partnerId);
  const messages = data?.messages;
  const send = useSendMessage();
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;

  // Keep the newest message in view when the thread opens or grows.
  useEffect(() => {
    if (count >= 0) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);

  return (
    <Stack gap="sm" h="100%">
      <Group gap="sm" wrap="nowrap">
        {/* Phones only: wider screens show the list beside the thread. */}
        {onBack ? (
          <ActionIcon
            variant="subtle"
            onClick={onBack}
            aria-label="Tillbaka till konversationerna"
            hiddenFrom="md"
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
        {partner ? <MemberAvatar member={partner} size="md" /> : null}
        <Text fw={700} truncate>
          {partner ? displayName(partner) : ''}
        </Text>
      </Group>
      <ScrollArea
        viewportRef={viewport}
        style={{ flex: 1 }}
        type="auto"
        aria-label="Meddelanden i konversationen"
      >
        {isLoading ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : count === 0 ? (
          <Center py="xl">
            <Text c="dimmed" ta="center">
              {data?.closed ? 'Inga meddelanden.' : 'Inga meddelanden än. Skriv det första!'}
            </Text>
          </Center>
        ) : (
          <Stack gap="xs" py="xs" pr="xs">
            {messages?.map((m) => (
              <MessageBubble
                key={m.id}
                message={m}
                own={m.senderId === selfId}
                time={formatThreadTime(m.sentAt)}
                large={largeText}
                action={
                  <ReportAction
                    variant="icon"
                    targetType="message"
                    targetId={String(m.id)}
                    what="meddelandet"
                  />
                }
              />
            ))}
          </Stack>
        )}
      </ScrollArea>
      {data?.closed ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconLock size={18} />}
          title={msg.conversationClosed}
          role="status"
        >
          {msg.conversationClosedText}
        </Alert>
      ) : (
        <MessageInput
          label="Meddelande"
          placeholder="Skriv ett meddelande…"
          pending={send.isPending}
          onSend={(content) => send.mutateAsync({ receiverId: partnerId, content })}
        />
      )}
    </Stack>
  );
}
