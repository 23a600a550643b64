import { formatDate, formatTime } from '@client/lib/dates';
import { usePageTitle } from '@client/lib/use-page-title';
import { ADMIN_EMAILS_PAGE_SIZE } from '@common/limits';
import type { AdminEmail, EmailStatus } from '@common/schemas/admin-emails';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useAdminEmails } from '../api/admin-emails-api';
import { AdminCardList } from '../components/admin-card-list';
import { EmailDialog } from '../components/email-dialog';
import { EMAIL_STATUS_COLOR, EMAIL_STATUS_LABEL } from '../lib/email-status';

const STATUS_OPTIONS = [
  { value: 'all', label: 'Alla' },
  ...(['queued', 'sending', 'sent', 'failed', 'captured'] as const).map((s) => ({
    value: s,
    label: EMAIL_STATUS_LABEL[s],
  })),
];

const dateTime = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

function StatusBadge({ email }: { email: AdminEmail }) {
  return (
    <Badge color={EMAIL_STATUS_COLOR[email.status]} variant="light">
      {EMAIL_STATUS_LABEL[email.status]}
    </Badge>
  );
}

/** /admin/email 'E-post': every e-mail the site has sent or captured, filtered by status and recipient. */
export function AdminEmailPage() {
  usePageTitle('E-post');
  const [status, setStatus] = useState<EmailStatus | 'all'>('all');
  const [search, setSearch] = useState('');
  const [recipient] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminEmail | null>(null);
  const emails = useAdminEmails({ status, recipient, page });
  const rows = emails.data?.emails ?? [];
  const total = emails.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_EMAILS_PAGE_SIZE));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>E-post</Title>
          <Text c="dimmed">
            Alla e-postmeddelanden som webbplatsen har skickat eller ska skicka, nyast först. Utan en
            SMTP-server (SMTP_URL) skickas inget: meddelandena sparas här med status Fångat.
          </Text>
          <Text c="dimmed">
            Länkarnas engångskoder visas som DOLD, så länkarna här fungerar inte: bara mottagaren har en
            fungerande länk. Utan SMTP-server står de fungerande länkarna bara i serverns logg.
          </Text>
        </Stack>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Mottagare"
            placeholder="Sök på e-postadress"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(v) => {
              setStatus((v ?? 'all') as EmailStatus | 'all');
              setPage(1);
            }}
            w={180}
          />
        </Group>
        {emails.isLoading && <Loader aria-label="Laddar e-post" />}
        {emails.isError && (
          <Alert color="red" title="Kunde inte hämta e-post">
            Försök igen om en stund.
          </Alert>
        )}
        {emails.isSuccess && (
          <Text size="sm" c="dimmed">
            {total === 1 ? '1 meddelande' : `${total} meddelanden`}
          </Text>
        )}
        {emails.isSuccess && rows.length === 0 && <Text>Inga meddelanden hittades</Text>}
        {rows.length > 0 && (
          <>
            <Table visibleFrom="sm" striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Skapat</Table.Th>
                  <Table.Th>Mottagare</Table.Th>
                  <Table.Th>Ämne</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Försök</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Åtgärd</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(e.createdAt)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.recipient}</Table.Td>
                    <Table.Td>{e.subject}</Table.Td>
                    <Table.Td>
                      <StatusBadge email={e} />
                    </Table.Td>
                    <Table.Td>{e.attempts}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setOpen(e)}
                        aria-label={`Visa ${e.subject} till ${e.recipient}`}
                      >
                        Visa
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <AdminCardList
              items={rows}
              card={(e) => ({
                key: e.id,
                title: e.subject,
                subtitle: e.recipient,
                meta: `${dateTime(e.createdAt)} · ${e.attempts} försök`,
                badge: <StatusBadge email={e} />,
                action: { label: 'Visa', onClick: () => setOpen(e) },
              })}
            />
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'next'
                        ? 'Nästa sida'
                        : control === 'previous'
                          ? 'Föregående sida'
                          : undefined,
                  })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
      <EmailDialog email={open} onClose={() => setOpen(null)} />
    </Container>
  );
}
