import { apiErrorMessage } from '@client/lib/api';
import { formatDate, formatTime } from '@client/lib/dates';
import { toastSuccess } from '@client/lib/toast';
import { NoticeConfirmDialog } from '@client/ui/notice-confirm-dialog';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_SUBJECT_MAX } from '@common/limits';
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_AUDIENCES,
  type AnnouncementAudience,
} from '@common/options';
import { announcementNoticeTitle } from '@common/rules/notice-preview';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useAnnouncementPreview, useAnnouncements, useSendAnnouncement } from '../../api/organiser-api';

const AUDIENCE_OPTIONS = ANNOUNCEMENT_AUDIENCES.map((a) => ({
  value: a,
  label: ANNOUNCEMENT_AUDIENCE_LABELS[a],
}));

/** The admin's 'Utskick' tab: write to part of the event, and what has been sent before. */
export function AnnouncementsPanel({ eventId, eventTitle }: { eventId: number; eventTitle: string }) {
  const [audience, setAudience] = useState<AnnouncementAudience>('registered');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [postToChat, setPostToChat] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const send = useSendAnnouncement(eventId);
  const sent = useAnnouncements(eventId);
  const preview = useAnnouncementPreview(eventId, audience, confirming);

  // The form asks first: who will get it and how it reads, then 'Skicka' in the dialog sends it.
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    send.reset();
    setConfirming(true);
  };

  const confirm = () =>
    send.mutate(
      { audience, subject, body, postToChat },
      {
        onSuccess: ({ recipients }) => {
          setConfirming(false);
          toastSuccess(
            'Meddelandet är skickat',
            `Det gick till ${recipients} ${recipients === 1 ? 'medlem' : 'medlemmar'}.`,
          );
          setSubject('');
          setBody('');
          setPostToChat(false);
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="form" onSubmit={submit} aria-labelledby="announce-heading">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="announce-heading">
            Skicka meddelande
          </Title>
          <Text size="sm" c="dimmed">
            Meddelandet kommer som notis på sajten och med e-post och push efter varje medlems val.
          </Text>
          <Select
            label="Till"
            data={AUDIENCE_OPTIONS}
            value={audience}
            onChange={(v) => v && setAudience(v as AnnouncementAudience)}
            allowDeselect={false}
          />
          <TextInput
            label="Rubrik"
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            maxLength={ANNOUNCEMENT_SUBJECT_MAX}
            required
          />
          <Textarea
            label="Meddelande"
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            autosize
            minRows={4}
            maxLength={ANNOUNCEMENT_BODY_MAX}
            required
          />
          <Checkbox
            label="Publicera även i gruppchatten"
            checked={postToChat}
            onChange={(e) => setPostToChat(e.currentTarget.checked)}
          />
          {send.error ? <Alert color="red">{apiErrorMessage(send.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              Skicka
            </Button>
          </Group>
        </Stack>
      </Card>
      <NoticeConfirmDialog
        opened={confirming}
        title="Skicka meddelandet?"
        intro={`Till: ${ANNOUNCEMENT_AUDIENCE_LABELS[audience]}${postToChat ? ', och i gruppchatten' : ''}. Var och en får det som notis, och med e-post och push efter sina val.`}
        recipients={preview.data}
        loading={preview.isFetching}
        error={preview.error ? apiErrorMessage(preview.error) : null}
        notice={{ title: announcementNoticeTitle(eventTitle, subject.trim()), body: body.trim() }}
        confirmLabel="Skicka"
        pending={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      />

      <Stack gap="xs" component="section" aria-labelledby="sent-heading">
        <Title order={2} fz="lg" id="sent-heading">
          Skickade meddelanden
        </Title>
        {sent.data?.length === 0 ? <Text c="dimmed">Inga meddelanden har skickats.</Text> : null}
        {sent.data?.map((a) => (
          <Card key={a.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {a.subject}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDate(a.createdAt)} {formatTime(a.createdAt)}
              </Text>
            </Group>
            <Group gap="xs" my={4}>
              <Badge variant="light">{ANNOUNCEMENT_AUDIENCE_LABELS[a.audience]}</Badge>
              <Badge variant="light" color="gray">
                {a.recipients} mottagare
              </Badge>
              {a.postedToChat ? (
                <Badge variant="light" color="teal">
                  I gruppchatten
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {a.body}
            </Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
