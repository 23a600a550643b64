import { formatDate } from '@client/lib/dates';
import { usePageTitle } from '@client/lib/use-page-title';
import type { AdminMembershipFilter, AdminUser } from '@common/schemas/billing';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  SegmentedControl,
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
import { useAdminUsers } from '../api/admin-members-api';
import { AdminCardList } from '../components/admin-card-list';
import { MembershipDialog } from '../components/membership-dialog';

function MembershipBadge({ user }: { user: AdminUser }) {
  return (
    <Badge color={user.membershipType === 'pro' ? 'golf' : 'gray'} variant="light">
      {user.membershipType === 'pro' ? 'Pro' : 'Gratis'}
    </Badge>
  );
}

const nameOf = (u: AdminUser) => u.fullName || u.username || '–';

/** /admin/members: search members, filter Alla/Pro/Gratis, and change a membership (spec §2). */
export function AdminMembersPage() {
  usePageTitle('Hantera medlemskap');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useState<AdminMembershipFilter>('all');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const users = useAdminUsers(debounced, filter);
  const rows = users.data ?? [];

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Hantera medlemskap</Title>
          <Text c="dimmed">Sök medlemmar och ändra deras medlemskap mellan Gratis och Pro.</Text>
        </Stack>
        <Group align="flex-end" gap="md" wrap="wrap">
          <TextInput
            label="Sök"
            placeholder="Användarnamn, namn eller e-post"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <SegmentedControl
            aria-label="Medlemskap"
            value={filter}
            onChange={(v) => setFilter(v as AdminMembershipFilter)}
            data={[
              { value: 'all', label: 'Alla' },
              { value: 'pro', label: 'Pro' },
              { value: 'free', label: 'Gratis' },
            ]}
          />
        </Group>
        {users.isLoading && <Loader aria-label="Laddar medlemmar" />}
        {users.isError && (
          <Alert color="red" title="Kunde inte hämta medlemmar">
            Försök igen om en stund.
          </Alert>
        )}
        {users.isSuccess && (
          <Text size="sm" c="dimmed">
            {rows.length === 1 ? '1 medlem' : `${rows.length} medlemmar`}
          </Text>
        )}
        {users.isSuccess && rows.length === 0 && <Text>Inga medlemmar hittades</Text>}
        {rows.length > 0 && (
          <>
            <Table visibleFrom="sm" striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Användare</Table.Th>
                  <Table.Th>E-post</Table.Th>
                  <Table.Th>Medlemskap</Table.Th>
                  <Table.Th>Registrerad</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Åtgärd</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Text size="xs" ff="monospace" title={u.id}>
                        {u.id.slice(0, 8)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {nameOf(u)}
                      </Text>
                      {u.username && (
                        <Text size="xs" c="dimmed">
                          @{u.username}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
                    <Table.Td>
                      <MembershipBadge user={u} />
                    </Table.Td>
                    <Table.Td>{formatDate(u.createdAt)}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setEditing(u)}>
                        Ändra
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <AdminCardList
              items={rows}
              card={(u) => ({
                key: u.id,
                title: nameOf(u),
                subtitle: u.email,
                meta: `ID ${u.id.slice(0, 8)} · Registrerad ${formatDate(u.createdAt)}`,
                badge: <MembershipBadge user={u} />,
                action: { label: 'Ändra', onClick: () => setEditing(u) },
              })}
            />
          </>
        )}
      </Stack>
      <MembershipDialog key={editing?.id ?? 'none'} user={editing} onClose={() => setEditing(null)} />
    </Container>
  );
}
