import { useAuth } from '@client/features/auth/hooks/use-auth';
import { usePageTitle } from '@client/lib/use-page-title';
import { HydrationPart } from '@client/ui/hydration-part';
import { Center, Container, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  catchUpMessages,
  threadKey,
  useConversations,
  useMember,
  useRefreshConversations,
} from '../api/messages-api';
import { ConnectionIndicator } from '../components/connection-indicator';
import { ConversationList } from '../components/conversation-list';
import { MessageSettings } from '../components/message-settings';
import { NewMessageDialog } from '../components/new-message-dialog';
import { ThreadView } from '../components/thread-view';
import { playNotificationSound, readSoundPreference } from '../lib/sound-preference';
import { useRealtime } from '../realtime/use-realtime';

// Leaves room below for the floating feedback button on small screens.
const PANEL_HEIGHT = { base: 'calc(100dvh - 280px)', md: 'calc(100dvh - 220px)' };

/** /messages and /messages/{id} (spec §2 'Messages page'); ?recipient= preselects the partner. */
export function MessagesPage() {
  usePageTitle('Meddelanden');
  const { user } = useAuth();
  const { id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [largeText, setLargeText] = useState(false);
  const conversations = useConversations();
  const refresh = useRefreshConversations();
  const recipient = search.get('recipient');
  const selectedId = id ?? undefined;

  useEffect(() => {
    if (recipient && recipient !== user?.id)
      navigate(`/messages/${encodeURIComponent(recipient)}`, { replace: true });
  }, [recipient, user?.id, navigate]);

  useRealtime((event) => {
    if (event.type === 'new_message' && !event.data.message.isGroupMessage) {
      const m = event.data.message;
      void refresh();
      const partner = m.senderId === user?.id ? m.receiverId : m.senderId;
      if (partner && partner === selectedId) void qc.invalidateQueries({ queryKey: threadKey(partner) });
      if (m.senderId !== user?.id && readSoundPreference()) playNotificationSound();
    }
    if (event.type === 'messages_read') void refresh();
    // The open thread too (the header's badge does the same should its part not be there yet).
    if (event.type === 'joined') void catchUpMessages(qc);
  });

  const inList = conversations.data?.find((c) => c.user.id === selectedId)?.user;
  const member = useMember(selectedId, Boolean(selectedId) && conversations.isSuccess && !inList);
  const partner = inList ?? member.data;
  const select = (userId: string) => navigate(`/messages/${encodeURIComponent(userId)}`);
  // The same function every render: a new one would be an update to the thread's part before it hydrates.
  const back = useCallback(() => navigate('/messages'), [navigate]);

  if (!user) return null;
  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" mb="md" gap="xs">
        <Group gap="sm">
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Meddelanden
          </Title>
          <ConnectionIndicator />
        </Group>
        {/* The settings, the list and the thread hydrate as parts of their own, in short tasks (issue 33). */}
        <HydrationPart>
          <MessageSettings largeText={largeText} onLargeText={setLargeText} />
        </HydrationPart>
      </Group>
      {/* Phones show the list, or the open conversation with a way back; wider screens both. Chosen by CSS, not
          by a media query in script: the layout the server drew stays as it is while the page hydrates (a
          phone's answer arriving after hydration drew the thread anew, and lost what was typed into it). */}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }} visibleFrom={selectedId ? 'md' : undefined}>
          <Paper withBorder radius="md" p="sm" h={PANEL_HEIGHT} mih={420}>
            <Stack gap="sm" h="100%">
              <HydrationPart>
                <NewMessageDialog selfId={user.id} onPick={select} />
              </HydrationPart>
              <HydrationPart>
                <ConversationList
                  conversations={conversations.data}
                  loading={conversations.isLoading}
                  selectedId={selectedId}
                  onSelect={select}
                />
              </HydrationPart>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} visibleFrom={selectedId ? undefined : 'md'}>
          <Paper withBorder radius="md" p="sm" h={PANEL_HEIGHT} mih={420}>
            {selectedId ? (
              <HydrationPart>
                <ThreadView
                  key={selectedId}
                  selfId={user.id}
                  partnerId={selectedId}
                  partner={partner}
                  largeText={largeText}
                  onBack={back}
                />
              </HydrationPart>
            ) : (
              <Center h="100%">
                <Text c="dimmed">Välj en konversation</Text>
              </Center>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
