import { useAuth } from '@client/features/auth/hooks/use-auth';
import { ReportAction } from '@client/features/reports/components/report-action';
import { avatarInitial, displayName } from '@common/rules/display-name';
import { Avatar, Center, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { groupChatKey, useGroupMessages, useSendGroupMessage } from '../api/messages-api';
import { formatChatTime } from '../lib/message-format';
import { useRealtime, useWatchEventChat } from '../realtime/use-realtime';
import { MemberAvatar } from './member-avatar';
import { MessageBubble } from './message-bubble';
import { MessageInput } from './message-input';

/** Sender name in the group chat: the member's name, 'Anonym' when there is none. */
function senderName(s: Parameters<typeof displayName>[0] | undefined): string {
  if (!s || !(s.firstName || s.lastName || s.fullName || s.username)) return 'Anonym';
  return displayName(s);
}

/**
 * An event's group chat (spec §2 'Group chat (event)'): a 600 px box, own messages on the right,
 * others with name and initial; refreshed every 5 s and at once when a message is pushed.
 */
export function GroupChat({ eventId }: { eventId: number }) {
  const { user } = useAuth();
  const qc = useQueryClient();
  const { data: messages, isLoading } = useGroupMessages(eventId);
  const send = useSendGroupMessage(eventId);
  const viewport = useRef<HTMLDivElement>(null);
  const count = messages?.length ?? 0;

  // Pushed to participants anyway; watching also brings them to admins who take no part. Once the server
  // says it watches, the chat is read again: what was sent before (the socket opens after the page is
  // interactive) was pushed to nobody and would wait for the 5 s refresh.
  useWatchEventChat(eventId);
  useRealtime((event) => {
    if (
      (event.type === 'new_message' && event.data.message.eventId === eventId) ||
      (event.type === 'watching_event_chat' && event.data.eventId === eventId)
    ) {
      void qc.invalidateQueries({ queryKey: groupChatKey(eventId) });
    }
  });

  useEffect(() => {
    if (count >= 0) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);

  return (
    <Paper withBorder radius="md" p="sm" h={600}>
      <Stack gap="sm" h="100%">
        <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto" aria-label="Gruppchatt">
          {isLoading ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : count === 0 ? (
            <Center py="xl">
              <Text c="dimmed" ta="center">
                Inga meddelanden än. Var den första att skriva!
              </Text>
            </Center>
          ) : (
            <Stack gap="xs" py="xs" pr="xs">
              {messages?.map((m) => {
                const own = m.senderId === user?.id;
                const name = senderName(m.sender);
                return (
                  <MessageBubble
                    key={m.id}
                    message={m}
                    own={own}
                    time={formatChatTime(m.sentAt)}
                    name={name}
                    avatar={
                      m.sender.profileImageId || m.sender.profileImageUrl ? (
                        <MemberAvatar member={m.sender} size="sm" />
                      ) : (
                        <Avatar size="sm" color="golf" alt="">
                          {name === 'Anonym' ? 'A' : avatarInitial(m.sender)}
                        </Avatar>
                      )
                    }
                    action={
                      <ReportAction
                        variant="icon"
                        targetType="group_message"
                        targetId={String(m.id)}
                        what={`meddelandet från ${name}`}
                      />
                    }
                  />
                );
              })}
            </Stack>
          )}
        </ScrollArea>
        <MessageInput
          label="Meddelande till gruppen"
          placeholder="Skriv ett meddelande till gruppen..."
          pending={send.isPending}
          onSend={(content) => send.mutateAsync(content)}
        />
      </Stack>
    </Paper>
  );
}
