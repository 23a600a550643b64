import { recipientsText } from '@common/rules/notice-preview';
import { Alert, Button, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Who would get a notice: the count and the first names (the server's preview). */
export interface NoticeRecipients {
  count: number;
  names: string[];
}

/**
 * The confirmation before members are notified: how many and who (by name for a small audience, else the
 * first names and how many more), the notice as they will see it, and the organiser's go-ahead. Nothing
 * is sent until `onConfirm`.
 */
export function NoticeConfirmDialog({
  opened,
  title,
  intro,
  recipients,
  loading,
  error,
  notice,
  confirmLabel,
  allowNone = false,
  pending,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  intro?: ReactNode;
  recipients: NoticeRecipients | undefined;
  loading: boolean;
  /** The preview failed: the reason, in Swedish. */
  error: string | null;
  notice: { title: string; body: string } | null;
  confirmLabel: string;
  /** Confirming with nobody to notify still does something (publishing groups makes them visible). */
  allowNone?: boolean;
  pending: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const count = recipients?.count ?? 0;
  const who = recipients ? recipientsText(recipients.names, count) : '';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <Stack gap="md">
        {intro ? <Text size="sm">{intro}</Text> : null}
        {loading ? (
          <Center py="md">
            <Loader size="sm" aria-label="Hämtar mottagarna" />
          </Center>
        ) : error ? (
          <Alert color="red">{error}</Alert>
        ) : (
          <>
            <div>
              <Text fw={600}>
                {count === 0
                  ? 'Ingen medlem får någon notis.'
                  : `${count} ${count === 1 ? 'medlem' : 'medlemmar'} får en notis`}
              </Text>
              {who ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {who}
                </Text>
              ) : null}
            </div>
            {notice ? (
              <Paper
                withBorder
                radius="md"
                p="sm"
                component="section"
                aria-label="Förhandsvisning av notisen"
              >
                <Text size="xs" c="dimmed" mb={4}>
                  Förhandsvisning av notisen
                </Text>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {notice.title}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {notice.body}
                </Text>
              </Paper>
            ) : null}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Avbryt
          </Button>
          <Button
            onClick={onConfirm}
            loading={pending}
            disabled={loading || Boolean(error) || (!allowNone && count === 0)}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
