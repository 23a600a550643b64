import { formatDate } from '@client/lib/dates';
import { FEEDBACK_LIST_MAX } from '@common/limits';
import type { AdminFeedback } from '@common/schemas/admin';
import { Alert, Group, Paper, Rating, Stack, Text, Title, VisuallyHidden } from '@mantine/core';

/** The latest feedback (at most 5) with 'Visar X av Y feedback', and the spec's empty and loading texts. */
export function LatestFeedback({
  feedback,
  loading,
  error,
}: {
  feedback: AdminFeedback[] | undefined;
  loading: boolean;
  error: boolean;
}) {
  const shown = (feedback ?? []).slice(0, FEEDBACK_LIST_MAX);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="feedback-heading">
      <Title order={2} fz="lg" id="feedback-heading" mb="sm">
        Senaste feedback
      </Title>
      {loading ? (
        <Text c="dimmed">Laddar feedback...</Text>
      ) : error ? (
        <Alert color="red">Kunde inte ladda feedback.</Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed">Ingen feedback har lämnats än</Text>
      ) : (
        <Stack gap="sm">
          {shown.map((f) => (
            <div key={f.id}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <span>
                  <Rating value={f.rating} readOnly size="sm" aria-hidden />
                  <VisuallyHidden>{`Betyg ${f.rating} av 5`}</VisuallyHidden>
                </span>
                <Text size="xs" c="dimmed">
                  {formatDate(f.createdAt)}
                </Text>
              </Group>
              {f.comment ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {f.comment}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {f.user
                  ? `${f.user.fullName ?? 'Okänd'}${f.user.email ? ` · ${f.user.email}` : ''}`
                  : 'Borttagen medlem'}
              </Text>
            </div>
          ))}
          <Text size="xs" c="dimmed">
            Visar {shown.length} av {feedback?.length ?? 0} feedback
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
