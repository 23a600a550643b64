import { formatDate, formatTime } from '@client/lib/dates';
import { usePageTitle } from '@client/lib/use-page-title';
import { AUDIT_PAGE_SIZE } from '@common/limits';
import {
  Alert,
  Container,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useAudit } from '../api/admin-audit-api';
import { AUDIT_AREAS, auditActionLabel, auditDetailsText, auditTargetText } from '../lib/audit-labels';

/** /admin/audit 'Logg': what administrators have done, newest first, by area. */
export function AdminAuditPage() {
  usePageTitle('Logg');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(1);
  const audit = useAudit({ action, page });
  const entries = audit.data?.entries ?? [];
  const pages = Math.max(1, Math.ceil((audit.data?.total ?? 0) / AUDIT_PAGE_SIZE));

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Logg</Title>
            <Text c="dimmed" size="sm">
              Vad administratörerna har gjort: evenemang, anmälningar, betalningar, medlemskap och beslut.
            </Text>
          </div>
          <Select
            label="Område"
            data={AUDIT_AREAS.map((a) => ({ value: a.value || 'all', label: a.label }))}
            value={action || 'all'}
            onChange={(v) => {
              setAction(!v || v === 'all' ? '' : v);
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
        {audit.isError && <Alert color="red">Loggen kunde inte hämtas. Försök igen.</Alert>}
        {audit.isPending ? (
          <Loader aria-label="Hämtar loggen" />
        ) : entries.length === 0 ? (
          <Text c="dimmed">Inga händelser.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tid</Table.Th>
                  <Table.Th>Vem</Table.Th>
                  <Table.Th>Vad</Table.Th>
                  <Table.Th>Gäller</Table.Th>
                  <Table.Th>Detaljer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(e.createdAt)} {formatTime(e.createdAt)}
                    </Table.Td>
                    <Table.Td>{e.actorName ?? (e.actorId ? 'Okänd' : 'Systemet')}</Table.Td>
                    <Table.Td>{auditActionLabel(e.action)}</Table.Td>
                    <Table.Td>{auditTargetText(e)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {auditDetailsText(e.details)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Sidor" />}
      </Stack>
    </Container>
  );
}
