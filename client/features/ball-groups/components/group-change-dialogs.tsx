import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import type { BallGroup, GroupMember } from '@common/schemas/ball-groups';
import type { Registration } from '@common/schemas/registrations';
import { useDeleteGroup, useRenameGroup, useSetMemberGroup } from '../api/ball-groups-api';
import { blockedMoveWarning, conflictsIn } from '../lib/blocked-pairs';
import { ConfirmDialog, PickDialog, RenameDialog } from './group-dialogs';

/** A change to one group the admin is making in a dialog, or none. */
export type GroupDialog =
  | { kind: 'rename'; group: BallGroup }
  | { kind: 'delete'; group: BallGroup }
  | { kind: 'add'; group: BallGroup }
  | { kind: 'move'; group: BallGroup; member: GroupMember }
  | null;

/** Moves a member to a group, adds one, or takes one out (null); `onDone` closes the dialog. */
export function useMoveMember(eventId: number, onDone: () => void) {
  const setGroup = useSetMemberGroup(eventId);
  const moveOrAdd = (registrationId: number, groupId: number | null, kind: 'move' | 'add' | 'remove') =>
    setGroup.mutate(
      { registrationId, groupId },
      {
        onSuccess: () => {
          onDone();
          if (kind === 'move') toastSuccess(msg.memberMoved);
          if (kind === 'add') toastSuccess(msg.memberAdded);
        },
        onError: (err) => toastError(kind === 'add' ? msg.addFailed : msg.moveFailed, apiErrorMessage(err)),
      },
    );
  return { moveOrAdd, pending: setGroup.isPending };
}

interface Props {
  eventId: number;
  dialog: GroupDialog;
  /** The event's groups. */
  list: BallGroup[];
  /** Registered members without a group (whom 'add' offers). */
  unassigned: Registration[];
  /** Who has blocked whom, by registration (blocked-pairs.ts): a move into their group is warned about. */
  partners: Map<number, Set<number>>;
  move: ReturnType<typeof useMoveMember>;
  onClose(): void;
  onDeleted(): void;
}

/** Renaming and deleting a group. */
function RenameAndDelete({ eventId, dialog, onClose, onDeleted }: Props) {
  const rename = useRenameGroup(eventId);
  const remove = useDeleteGroup(eventId);
  return (
    <>
      <RenameDialog
        opened={dialog?.kind === 'rename'}
        initialName={dialog?.kind === 'rename' ? dialog.group.name : ''}
        pending={rename.isPending}
        onClose={onClose}
        onSubmit={(name) =>
          dialog?.kind === 'rename' &&
          rename.mutate(
            { groupId: dialog.group.id, name },
            {
              onSuccess: () => {
                onClose();
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
        onClose={onClose}
        onConfirm={() =>
          dialog?.kind === 'delete' &&
          remove.mutate(dialog.group.id, {
            onSuccess: () => {
              onClose();
              onDeleted();
              toastSuccess(msg.groupDeleted);
            },
            onError: (err) => {
              onClose();
              toastError(msg.deletionFailed, apiErrorMessage(err));
            },
          })
        }
      />
    </>
  );
}

/** Moving a member to another group, warned when someone there has blocked them (or they them). */
function MoveDialog({ dialog, list, partners, move, onClose }: Props) {
  const conflicts = (member: GroupMember, group: BallGroup) =>
    conflictsIn(partners, member.id, group.members);
  return (
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
            dialog?.kind === 'move' && conflicts(dialog.member, g).length ? ' – blockerat par' : ''
          }`,
        }))}
      warning={(groupId) => {
        const target = list.find((g) => g.id === groupId);
        if (dialog?.kind !== 'move' || !target) return null;
        return blockedMoveWarning(conflicts(dialog.member, target), target.name);
      }}
      confirmLabel="Flytta"
      emptyText="Det finns ingen annan grupp att flytta till."
      pending={move.pending}
      onClose={onClose}
      onSubmit={(groupId) => dialog?.kind === 'move' && move.moveOrAdd(dialog.member.id, groupId, 'move')}
    />
  );
}

/** Adding a registered member without a group, warned like a move. */
function AddDialog({ dialog, unassigned, partners, move, onClose }: Props) {
  return (
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
          ? blockedMoveWarning(conflictsIn(partners, registrationId, dialog.group.members), dialog.group.name)
          : null
      }
      confirmLabel="Lägg till"
      emptyText="Alla anmälda deltagare har redan en bollgrupp."
      pending={move.pending}
      onClose={onClose}
      onSubmit={(registrationId) =>
        dialog?.kind === 'add' && move.moveOrAdd(registrationId, dialog.group.id, 'add')
      }
    />
  );
}

/** The dialogs of a change to one group: rename, delete, move a member, add a member. */
export function GroupChangeDialogs(props: Props) {
  return (
    <>
      <RenameAndDelete {...props} />
      <MoveDialog {...props} />
      <AddDialog {...props} />
    </>
  );
}
