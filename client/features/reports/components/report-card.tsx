import { apiErrorMessage } from '@client/lib/api';
import { formatDate, formatTime } from '@client/lib/dates';
import { toastError, toastSuccess } from '@client/lib/toast';
import { REPORT_ACTION_LABELS, REPORT_REASON_LABELS, type ReportTarget } from '@common/options';
import type { AdminReport } from '@common/schemas/reports';
import { Badge, Blockquote, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { useReinstateMember } from '../api/reports-api';
import { DecisionForm } from './decision-form';

const TARGET_LABELS: Record<ReportTarget, string> = {
  user: 'Profil',
  message: 'Direktmeddelande',
  group_message: 'Gruppchatt',
  image: 'Bild',
  photo: 'Bild från evenemang',
};

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** One report in the moderators' queue: what, why, by whom, the copy, and the decision or its form. */
export function ReportCard({ report: r }: { report: AdminReport }) {
  const reinstate = useReinstateMember();
  const onReinstate = (userId: string) =>
    reinstate.mutate(userId, {
      onSuccess: () => toastSuccess('Avstängningen är hävd', 'Medlemmen har fått ett e-postmeddelande.'),
      onError: (err) => toastError('Kunde inte häva avstängningen', apiErrorMessage(err)),
    });
  const s = r.snapshot;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Anmälan ${r.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <Badge variant="light" color="gray">
              {TARGET_LABELS[r.targetType]}
            </Badge>
            <Badge variant="light" color="red">
              {REPORT_REASON_LABELS[r.reason]}
            </Badge>
            {r.contentRemoved && <Badge color="dark">Borttaget</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            {when(r.createdAt)}
          </Text>
        </Group>
        <Text size="sm">
          <strong>Anmäld:</strong> {r.targetUser?.name ?? s.name ?? 'Okänd medlem'}
          {r.targetUser?.suspended && (
            <Badge ml="xs" color="red">
              Avstängd
            </Badge>
          )}
          {' · '}
          <strong>Av:</strong> {r.reporter ? r.reporter.name : 'Flaggad av webbplatsen'}
        </Text>
        {r.details && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <strong>Anmälarens beskrivning:</strong> {r.details}
          </Text>
        )}
        {(s.text || s.samples || s.imageId) && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              Innehållet när det anmäldes
              {s.eventTitle
                ? r.targetType === 'photo'
                  ? ` (bild från ${s.eventTitle}, med alternativ text)`
                  : ` (gruppchatten för ${s.eventTitle})`
                : ''}
              {s.sentAt ? `, ${r.targetType === 'photo' ? 'uppladdad' : 'skickat'} ${when(s.sentAt)}` : ''}:
            </Text>
            {s.text && (
              <Blockquote p="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {s.text}
              </Blockquote>
            )}
            {s.samples?.map((sample, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: samples are fixed copies, often identical
              <Blockquote key={i} p="xs" style={{ overflowWrap: 'anywhere' }}>
                {sample}
              </Blockquote>
            ))}
            {s.imageId && !r.contentRemoved && (
              <Image
                src={`/api/images/${encodeURIComponent(s.imageId)}/thumbnail`}
                alt="Den anmälda bilden"
                w={160}
                radius="sm"
              />
            )}
          </Stack>
        )}
        {r.decidedAt && r.action ? (
          <Stack gap={4}>
            <Text size="sm">
              <strong>Beslut:</strong> {REPORT_ACTION_LABELS[r.action]} ({when(r.decidedAt)}
              {r.decidedBy ? `, ${r.decidedBy.name}` : ''})
            </Text>
            {r.statement && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {r.statement}
              </Text>
            )}
          </Stack>
        ) : (
          <DecisionForm report={r} />
        )}
        {r.targetUser?.suspended && (
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() => r.targetUser && onReinstate(r.targetUser.id)}
              loading={reinstate.isPending}
            >
              Häv avstängningen
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
