import type { BallGroup, GroupMember } from '@common/schemas/ball-groups';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowsExchange, IconEdit, IconTrash, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { formatHandicap, formatStrokes, genderBalance, paymentBadge } from '../lib/group-labels';

export interface GroupPanelActions {
  onRename(group: BallGroup): void;
  onDelete(group: BallGroup): void;
  onAdd(group: BallGroup): void;
  onMove(member: GroupMember, group: BallGroup): void;
  onRemove(member: GroupMember): void;
}

/** One ball group: statistics from the profiles, actions, and its members with payment badge, move and remove. */
export function GroupPanel({
  group,
  actions,
  busy,
}: {
  group: BallGroup;
  actions: GroupPanelActions;
  busy: boolean;
}) {
  // The event names a course: each member's playing handicap (issue 29).
  const withPlaying = group.members.some((m) => m.playingHandicap !== undefined);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SimpleGrid cols={2} spacing="lg">
          <div>
            <Text size="xs" c="dimmed">
              Könsfördelning
            </Text>
            <Text fw={500}>{genderBalance(group.stats)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              Snitthandicap
            </Text>
            <Text fw={500}>{formatHandicap(group.stats.averageHandicap)}</Text>
          </div>
        </SimpleGrid>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} />}
            onClick={() => actions.onRename(group)}
          >
            Byt namn
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => actions.onDelete(group)}
          >
            Ta bort grupp
          </Button>
        </Group>
      </Group>

      {group.members.length ? (
        <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Namn</Table.Th>
                <Table.Th>Hcp</Table.Th>
                {withPlaying && (
                  <Table.Th title="Spelhandicap på evenemangets bana och tee">Spel-hcp</Table.Th>
                )}
                <Table.Th>Betalning</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Åtgärder</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.members.map((m) => {
                const badge = paymentBadge(m.paymentStatus);
                return (
                  <Table.Tr key={m.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.name}</Table.Td>
                    <Table.Td>{m.handicap === null ? '–' : formatHandicap(m.handicap)}</Table.Td>
                    {withPlaying && (
                      <Table.Td
                        title={
                          m.courseHandicap == null ? undefined : `Banhcp ${formatStrokes(m.courseHandicap)}`
                        }
                      >
                        {formatStrokes(m.playingHandicap)}
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Badge
                        color={badge.color}
                        variant="light"
                        size="sm"
                        style={{ minWidth: 'max-content' }}
                      >
                        {badge.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Flytta till annan grupp">
                          <ActionIcon
                            variant="subtle"
                            onClick={() => actions.onMove(m, group)}
                            aria-label={`Flytta ${m.name}`}
                          >
                            <IconArrowsExchange size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Ta bort från gruppen">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            onClick={() => actions.onRemove(m)}
                            disabled={busy}
                            aria-label={`Ta bort ${m.name} från gruppen`}
                          >
                            <IconUserMinus size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      ) : (
        <Text c="dimmed">Gruppen har inga medlemmar.</Text>
      )}

      <Button
        variant="light"
        leftSection={<IconUserPlus size={16} />}
        w="fit-content"
        onClick={() => actions.onAdd(group)}
      >
        Lägg till deltagare i gruppen
      </Button>
    </Stack>
  );
}
