import { formatDate, formatTime } from '@client/lib/dates';
import type { AdminEmail } from '@common/schemas/admin-emails';
import { Alert, Badge, Code, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { EMAIL_STATUS_COLOR, EMAIL_STATUS_LABEL } from '../lib/email-status';

const dateTime = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** One e-mail of the outbox: its facts, its text part and its HTML part (in a sandboxed frame). */
export function EmailDialog({ email, onClose }: { email: AdminEmail | null; onClose: () => void }) {
  return (
    <Modal opened={email !== null} onClose={onClose} title={email?.subject ?? ''} size="xl">
      {email && (
        <Stack gap="md">
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>Mottagare</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{email.recipient}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Td>
                  <Group gap="xs">
                    <Badge color={EMAIL_STATUS_COLOR[email.status]} variant="light">
                      {EMAIL_STATUS_LABEL[email.status]}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {email.attempts === 1 ? '1 försök' : `${email.attempts} försök`}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Mall</Table.Th>
                <Table.Td>
                  <Code>{email.template}</Code>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Skapat</Table.Th>
                <Table.Td>{dateTime(email.createdAt)}</Table.Td>
              </Table.Tr>
              {email.sentAt && (
                <Table.Tr>
                  <Table.Th>Skickat</Table.Th>
                  <Table.Td>{dateTime(email.sentAt)}</Table.Td>
                </Table.Tr>
              )}
              {email.nextAttemptAt && (
                <Table.Tr>
                  <Table.Th>Nästa försök</Table.Th>
                  <Table.Td>{dateTime(email.nextAttemptAt)}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {email.lastError && (
            <Alert color="red" title="Senaste fel">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {email.lastError}
              </Text>
            </Alert>
          )}
          <Tabs defaultValue="html" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="html">HTML</Tabs.Tab>
              <Tabs.Tab value="text">Text</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              {/* sandbox="": no scripts, no forms, no navigation, no access to this site. */}
              <iframe
                title="E-postmeddelandet som HTML"
                sandbox=""
                srcDoc={email.html}
                style={{
                  width: '100%',
                  height: 520,
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 8,
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {email.text}
              </Code>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}
