import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import type { BallGroup, GroupMember } from '@common/schemas/ball-groups';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconBell, IconClock, IconFileTypePdf, IconPrinter, IconUsersGroup } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  startListPdfUrl,
  useBallGroups,
  useDeleteGroup,
  useEventDetail,
  useEventRegistrations,
  useGenerateGroups,
  useGenerationFigures,
  useRenameGroup,
  useSetMemberGroup,
} from '../api/ball-groups-api';
import { useBlockedPairs } from '../api/blocked-pairs-api';
import { blockedMoveWarning, blockedPartners, conflictsIn, pairsTogether } from '../lib/blocked-pairs';
import { publishButtonLabel } from '../lib/group-labels';
import classes from './ball-group-manager.module.css';
import { GenerationFigures } from './generation-figures';
import { ConfirmDialog, PickDialog, RenameDialog } from './group-dialogs';
import { GroupPanel } from './group-panel';
import { PublishDialog } from './publish-dialog';
import { StartList } from './start-list';
import { TeeTimeField } from './tee-time-field';
import { TeeTimesDialog } from './tee-times-dialog';
import { TogetherRequests } from './together-requests';

type Dialog =
  | { kind: 'regenerate' }
  | { kind: 'publish' }
  | { kind: 'teeTimes' }
  | { kind: 'rename'; group: BallGroup }
  | { kind: 'delete'; group: BallGroup }
  | { kind: 'add'; group: BallGroup }
  | { kind: 'move'; group: BallGroup; member: GroupMember }
  | null;

/** The manager's action buttons: a long label wraps inside the button on a phone. */
const ACTION = { root: classes.action, label: classes.actionLabel };

/** The admin's ball group manager on the event's Bollgrupper tab (spec §2, §8; decisions.md). */
export function BallGroupManager({ eventId }: { eventId: number }) {
  const groups = useBallGroups(eventId);
  const regs = useEventRegistrations(eventId);
  const event = useEventDetail(eventId);
  const figures = useGenerationFigures(eventId);
  const generate = useGenerateGroups(eventId);
  const rename = useRenameGroup(eventId);
  const remove = useDeleteGroup(eventId);
  const setGroup = useSetMemberGroup(eventId);
  const blockedPairs = useBlockedPairs(eventId);
  const partners = useMemo(() => blockedPartners(blockedPairs.data ?? []), [blockedPairs.data]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [active, setActive] = useState<string | null>(null);
  const close = () => setDialog(null);

  const list = groups.data ?? [];
  const current = list.find((g) => String(g.id) === active) ?? list[0];
  const unassigned = (regs.data ?? []).filter((r) => r.status === 'registered' && r.groupId === null);
  // Members who have blocked one another: generation keeps them apart; a manual move is warned about.
  const together = pairsTogether(partners, list);
  const moveConflicts = (member: GroupMember, group: BallGroup) =>
    conflictsIn(partners, member.id, group.members);

  const runGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (res) => {
        close();
        setActive(res.groups[0] ? String(res.groups[0].id) : null);
      },
      onError: (err) => {
        close();
        toastError(msg.generationFailed, apiErrorMessage(err));
      },
    });

  // Publishing (again) is confirmed in PublishDialog with who will be told; regenerating withdraws it.
  // The event detail carries when (ballGroupsPublishedAt), so the button says so after a reload too.
  const publishedAt = event.data?.ballGroupsPublishedAt ?? null;

  const onGenerateClick = () => (list.length ? setDialog({ kind: 'regenerate' }) : runGenerate());

  const moveOrAdd = (registrationId: number, groupId: number | null, kind: 'move' | 'add' | 'remove') =>
    setGroup.mutate(
      { registrationId, groupId },
      {
        onSuccess: () => {
          close();
          if (kind === 'move') toastSuccess(msg.memberMoved);
          if (kind === 'add') toastSuccess(msg.memberAdded);
        },
        onError: (err) => toastError(kind === 'add' ? msg.addFailed : msg.moveFailed, apiErrorMessage(err)),
      },
    );

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
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button
          classNames={ACTION}
          leftSection={<IconUsersGroup size={18} />}
          onClick={onGenerateClick}
          loading={generate.isPending}
        >
          Generera bollgrupper
        </Button>
        {list.length ? (
          <Group gap="xs" className={classes.actions}>
            <Button
              classNames={ACTION}
              leftSection={<IconBell size={18} />}
              onClick={() => setDialog({ kind: 'publish' })}
              disabled={event.isPending}
            >
              {publishButtonLabel(publishedAt)}
            </Button>
            <Button
              classNames={ACTION}
              variant="default"
              leftSection={<IconClock size={18} />}
              onClick={() => setDialog({ kind: 'teeTimes' })}
            >
              {msg.teeTimesDistribute}
            </Button>
            <Button
              classNames={ACTION}
              component="a"
              href={startListPdfUrl(eventId)}
              download
              variant="default"
              leftSection={<IconFileTypePdf size={18} />}
            >
              {msg.startListDownload}
            </Button>
            <Button
              classNames={ACTION}
              variant="default"
              leftSection={<IconPrinter size={18} />}
              onClick={() => window.print()}
            >
              {msg.startListPrint}
            </Button>
          </Group>
        ) : null}
      </Group>

      {figures.data ? <GenerationFigures figures={figures.data} /> : null}

      <TogetherRequests eventId={eventId} registrations={regs.data ?? []} />

      {together.length ? (
        <Alert color="orange" variant="light" title={msg.blockedPairWarning} role="alert">
          {together.map((p) => `${p.group}: ${p.names[0]} och ${p.names[1]}`).join(' · ')}
        </Alert>
      ) : null}

      {list.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={4}>
            <Text fw={600}>{msg.noBallGroups}</Text>
            <Text c="dimmed" ta="center">
              Klicka på ”Generera bollgrupper” för att dela in de anmälda deltagarna i bollgrupper.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Tabs value={current ? String(current.id) : null} onChange={setActive} keepMounted={false}>
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
              <GroupPanel
                group={g}
                busy={setGroup.isPending}
                actions={{
                  onRename: (group) => setDialog({ kind: 'rename', group }),
                  onDelete: (group) => setDialog({ kind: 'delete', group }),
                  onAdd: (group) => setDialog({ kind: 'add', group }),
                  onMove: (member, group) => setDialog({ kind: 'move', member, group }),
                  onRemove: (member) => moveOrAdd(member.id, null, 'remove'),
                }}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <ConfirmDialog
        opened={dialog?.kind === 'regenerate'}
        title="Generera nya bollgrupper?"
        text={
          publishedAt
            ? `${msg.groupsRegeneratePublished} Manuella ändringar och starttider går förlorade.`
            : 'Det finns redan bollgrupper för detta evenemang. De ersätts av en ny indelning av alla anmälda deltagare, och manuella ändringar och starttider går förlorade.'
        }
        confirmLabel="Generera nya grupper"
        pending={generate.isPending}
        onClose={close}
        onConfirm={runGenerate}
      />
      <PublishDialog
        eventId={eventId}
        publishedAt={publishedAt}
        opened={dialog?.kind === 'publish'}
        onClose={close}
      />
      <TeeTimesDialog
        eventId={eventId}
        eventStart={event.data?.startTime}
        groupCount={list.length}
        opened={dialog?.kind === 'teeTimes'}
        onClose={close}
      />
      <RenameDialog
        opened={dialog?.kind === 'rename'}
        initialName={dialog?.kind === 'rename' ? dialog.group.name : ''}
        pending={rename.isPending}
        onClose={close}
        onSubmit={(name) =>
          dialog?.kind === 'rename' &&
          rename.mutate(
            { groupId: dialog.group.id, name },
            {
              onSuccess: () => {
                close();
                toastSuccess(msg.groupRenamed, msg.groupRenamedText);
              },
              onError: (err) => toastError(msg.renameFailed, apiErrorMessage(err)),
            },
          )
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Ta bort bollgrupp"
        text={msg.groupDeleteConfirm}
        confirmLabel="Ta bort"
        pending={remove.isPending}
        onClose={close}
        onConfirm={() =>
          dialog?.kind === 'delete' &&
          remove.mutate(dialog.group.id, {
            onSuccess: () => {
              close();
              setActive(null);
              toastSuccess(msg.groupDeleted);
            },
            onError: (err) => {
              close();
              toastError(msg.deletionFailed, apiErrorMessage(err));
            },
          })
        }
      />
      <PickDialog
        opened={dialog?.kind === 'move'}
        title={dialog?.kind === 'move' ? `Flytta ${dialog.member.name}` : 'Flytta'}
        label="Till bollgrupp"
        placeholder="Välj grupp"
        options={list
          .filter((g) => dialog?.kind === 'move' && g.id !== dialog.group.id)
          .map((g) => ({
            value: String(g.id),
            label: `${g.name} (${g.members.length})${
              dialog?.kind === 'move' && moveConflicts(dialog.member, g).length ? ' – blockerat par' : ''
            }`,
          }))}
        warning={(groupId) => {
          const target = list.find((g) => g.id === groupId);
          if (dialog?.kind !== 'move' || !target) return null;
          return blockedMoveWarning(moveConflicts(dialog.member, target), target.name);
        }}
        confirmLabel="Flytta"
        emptyText="Det finns ingen annan grupp att flytta till."
        pending={setGroup.isPending}
        onClose={close}
        onSubmit={(groupId) => dialog?.kind === 'move' && moveOrAdd(dialog.member.id, groupId, 'move')}
      />
      <PickDialog
        opened={dialog?.kind === 'add'}
        title={
          dialog?.kind === 'add'
            ? `Lägg till deltagare i ${dialog.group.name}`
            : 'Lägg till deltagare i gruppen'
        }
        label="Deltagare utan bollgrupp"
        placeholder="Välj deltagare"
        options={unassigned.map((r) => ({
          value: String(r.id),
          label: displayName(r.user),
        }))}
        warning={(registrationId) =>
          dialog?.kind === 'add'
            ? blockedMoveWarning(
                conflictsIn(partners, registrationId, dialog.group.members),
                dialog.group.name,
              )
            : null
        }
        confirmLabel="Lägg till"
        emptyText="Alla anmälda deltagare har redan en bollgrupp."
        pending={setGroup.isPending}
        onClose={close}
        onSubmit={(registrationId) =>
          dialog?.kind === 'add' && moveOrAdd(registrationId, dialog.group.id, 'add')
        }
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
