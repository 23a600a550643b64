import { msg } from '@common/messages';
import type { BallGroup } from '@common/schemas/ball-groups';
import { Paper, Stack, Tabs, Text } from '@mantine/core';
import { GroupPanel, type GroupPanelActions } from './group-panel';
import { TeeTimeField } from './tee-time-field';

/** The groups as tabs, one panel each (tee time, members and their actions); a hint when there are none. */
export function GroupTabs({
  eventId,
  list,
  current,
  onTab,
  busy,
  actions,
}: {
  eventId: number;
  list: BallGroup[];
  /** The group whose tab is open. */
  current: BallGroup | undefined;
  onTab(value: string | null): void;
  busy: boolean;
  actions: GroupPanelActions;
}) {
  if (list.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap={4}>
          <Text fw={600}>{msg.noBallGroups}</Text>
          <Text c="dimmed" ta="center">
            Klicka på ”Generera bollgrupper” för att dela in de anmälda deltagarna i bollgrupper.
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Tabs value={current ? String(current.id) : null} onChange={onTab} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {list.map((g) => (
          <Tabs.Tab key={g.id} value={String(g.id)}>
            {g.name} ({g.members.length})
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {list.map((g) => (
        <Tabs.Panel key={g.id} value={String(g.id)} pt="md">
          <TeeTimeField eventId={eventId} group={g} />
          <GroupPanel group={g} busy={busy} actions={actions} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
