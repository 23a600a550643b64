import { apiErrorMessage } from '@client/lib/api';
import { msg } from '@common/messages';
import type { BallGroup } from '@common/schemas/ball-groups';
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  useBallGroups,
  useEventDetail,
  useEventRegistrations,
  useGenerationFigures,
} from '../api/ball-groups-api';
import { useBlockedPairs } from '../api/blocked-pairs-api';
import { blockedPartners, pairsTogether } from '../lib/blocked-pairs';
import { GenerationFigures } from './generation-figures';
import { GroupChangeDialogs, type GroupDialog, useMoveMember } from './group-change-dialogs';
import { GroupTabs } from './group-tabs';
import { ManagerActions } from './manager-actions';
import { StartList } from './start-list';
import { TogetherRequests } from './together-requests';

/** Members who have blocked one another in one group: generation keeps them apart; a manual move may not. */
function BlockedPairsAlert({ partners, list }: { partners: Map<number, Set<number>>; list: BallGroup[] }) {
  const together = pairsTogether(partners, list);
  if (!together.length) return null;
  return (
    <Alert color="orange" variant="light" title={msg.blockedPairWarning} role="alert">
      {together.map((p) => `${p.group}: ${p.names[0]} och ${p.names[1]}`).join(' · ')}
    </Alert>
  );
}

/** The admin's ball group manager on the event's Bollgrupper tab (spec §2, §8; decisions.md). */
export function BallGroupManager({ eventId }: { eventId: number }) {
  const groups = useBallGroups(eventId);
  const regs = useEventRegistrations(eventId);
  const event = useEventDetail(eventId);
  const figures = useGenerationFigures(eventId);
  const blockedPairs = useBlockedPairs(eventId);
  const partners = useMemo(() => blockedPartners(blockedPairs.data ?? []), [blockedPairs.data]);
  const [dialog, setDialog] = useState<GroupDialog>(null);
  const [active, setActive] = useState<string | null>(null);
  const close = () => setDialog(null);
  const move = useMoveMember(eventId, close);

  const list = groups.data ?? [];
  const current = list.find((g) => String(g.id) === active) ?? list[0];
  const unassigned = (regs.data ?? []).filter((r) => r.status === 'registered' && r.groupId === null);

  if (groups.isLoading) {
    return (
      <Center py="lg">
        <Loader />
      </Center>
    );
  }
  if (groups.error)
    return <Alert color="red">Kunde inte ladda bollgrupperna. {apiErrorMessage(groups.error)}</Alert>;

  return (
    <Stack gap="md">
      <ManagerActions
        eventId={eventId}
        groupCount={list.length}
        onGenerated={(res) => setActive(res.groups[0] ? String(res.groups[0].id) : null)}
      />

      {figures.data ? <GenerationFigures figures={figures.data} /> : null}

      <TogetherRequests eventId={eventId} registrations={regs.data ?? []} />

      <BlockedPairsAlert partners={partners} list={list} />

      <GroupTabs
        eventId={eventId}
        list={list}
        current={current}
        onTab={setActive}
        busy={move.pending}
        actions={{
          onRename: (group) => setDialog({ kind: 'rename', group }),
          onDelete: (group) => setDialog({ kind: 'delete', group }),
          onAdd: (group) => setDialog({ kind: 'add', group }),
          onMove: (member, group) => setDialog({ kind: 'move', member, group }),
          onRemove: (member) => move.moveOrAdd(member.id, null, 'remove'),
        }}
      />

      <GroupChangeDialogs
        eventId={eventId}
        dialog={dialog}
        list={list}
        unassigned={unassigned}
        partners={partners}
        move={move}
        onClose={close}
        onDeleted={() => setActive(null)}
      />

      {event.data && list.length ? (
        <StartList
          title={event.data.title}
          location={event.data.location}
          startTime={event.data.startTime}
          groups={list}
        />
      ) : null}
    </Stack>
  );
}
