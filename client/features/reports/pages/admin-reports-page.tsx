import { usePageTitle } from '@client/lib/use-page-title';
import { REPORTS_PAGE_SIZE } from '@common/limits';
import {
  Alert,
  Center,
  Container,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { type ReportStatusFilter, useAdminReports } from '../api/reports-api';
import { ReportCard } from '../components/report-card';

const STATUS_OPTIONS: { value: ReportStatusFilter; label: string }[] = [
  { value: 'open', label: 'Att granska' },
  { value: 'decided', label: 'Avgjorda' },
  { value: 'all', label: 'Alla' },
];

/**
 * /admin/reports 'Anmälningar': the moderators' queue (open reports first, the longest waiting on
 * top), each with the content as it was when reported and the form for the decision.
 */
export function AdminReportsPage() {
  usePageTitle('Anmälningar');
  const [status, setStatus] = useState<ReportStatusFilter>('open');
  const [page, setPage] = useState(1);
  const reports = useAdminReports(status, page);
  const items = reports.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((reports.data?.total ?? 0) / REPORTS_PAGE_SIZE));

  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Anmälningar</Title>
            <Text c="dimmed" size="sm">
              {reports.data
                ? `${reports.data.open} att granska`
                : 'Medlemmarnas anmälningar och webbplatsens flaggningar'}
            </Text>
          </div>
          <SegmentedControl
            aria-label="Visa"
            data={STATUS_OPTIONS}
            value={status}
            onChange={(v) => {
              setStatus(v as ReportStatusFilter);
              setPage(1);
            }}
          />
        </Group>
        {reports.isLoading ? (
          <Center py="xl">
            <Loader aria-label="Laddar anmälningar" />
          </Center>
        ) : reports.isError ? (
          <Alert color="red" title="Kunde inte hämta anmälningarna">
            Försök igen om en stund.
          </Alert>
        ) : items.length === 0 ? (
          <Text c="dimmed">{status === 'open' ? 'Inga anmälningar att granska.' : 'Inga anmälningar.'}</Text>
        ) : (
          <Stack gap="md">
            {items.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </Stack>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Sidor" />}
      </Stack>
    </Container>
  );
}
