import { apiErrorMessage } from '@client/lib/api';
import { toastError } from '@client/lib/toast';
import { msg } from '@common/messages';
import type { GenerateGroupsResult } from '@common/schemas/ball-groups';
import { Button, Group } from '@mantine/core';
import { IconBell, IconClock, IconFileTypePdf, IconPrinter, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { startListPdfUrl, useEventDetail, useGenerateGroups } from '../api/ball-groups-api';
import { publishButtonLabel } from '../lib/group-labels';
import classes from './ball-group-manager.module.css';
import { ConfirmDialog } from './group-dialogs';
import { PublishDialog } from './publish-dialog';
import { TeeTimesDialog } from './tee-times-dialog';

/** The manager's action buttons: a long label wraps inside the button on a phone. */
const ACTION = { root: classes.action, label: classes.actionLabel };

/** The buttons over the groups: generate always; publish, tee times and the start list once there are groups. */
function ActionButtons({
  eventId,
  hasGroups,
  publishedAt,
  generating,
  eventPending,
  onGenerate,
  onPublish,
  onTeeTimes,
}: {
  eventId: number;
  hasGroups: boolean;
  publishedAt: string | null;
  generating: boolean;
  eventPending: boolean;
  onGenerate(): void;
  onPublish(): void;
  onTeeTimes(): void;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Button
        classNames={ACTION}
        leftSection={<IconUsersGroup size={18} />}
        onClick={onGenerate}
        loading={generating}
      >
        Generera bollgrupper
      </Button>
      {hasGroups ? (
        <Group gap="xs" className={classes.actions}>
          <Button
            classNames={ACTION}
            leftSection={<IconBell size={18} />}
            onClick={onPublish}
            disabled={eventPending}
          >
            {publishButtonLabel(publishedAt)}
          </Button>
          <Button
            classNames={ACTION}
            variant="default"
            leftSection={<IconClock size={18} />}
            onClick={onTeeTimes}
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
  );
}

/** Generating: a confirmation first when it would replace groups. */
function useGenerate(eventId: number, onGenerated: (res: GenerateGroupsResult) => void) {
  const generate = useGenerateGroups(eventId);
  const [dialog, setDialog] = useState<'regenerate' | 'publish' | 'teeTimes' | null>(null);
  const close = () => setDialog(null);
  const runGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (res) => {
        close();
        onGenerated(res);
      },
      onError: (err) => {
        close();
        toastError(msg.generationFailed, apiErrorMessage(err));
      },
    });
  return { generate, dialog, setDialog, close, runGenerate };
}

/**
 * The manager's actions with their dialogs: generate (again, confirmed), publish (confirmed, with who is told),
 * 'Fördela starttider', and the start list as PDF or printed. `onGenerated` gets the new groups.
 */
export function ManagerActions({
  eventId,
  groupCount,
  onGenerated,
}: {
  eventId: number;
  groupCount: number;
  onGenerated(res: GenerateGroupsResult): void;
}) {
  const event = useEventDetail(eventId);
  const { generate, dialog, setDialog, close, runGenerate } = useGenerate(eventId, onGenerated);
  // Publishing (again) is confirmed in PublishDialog with who will be told; regenerating withdraws it.
  // The event detail carries when (ballGroupsPublishedAt), so the button says so after a reload too.
  const publishedAt = event.data?.ballGroupsPublishedAt ?? null;
  return (
    <>
      <ActionButtons
        eventId={eventId}
        hasGroups={groupCount > 0}
        publishedAt={publishedAt}
        generating={generate.isPending}
        eventPending={event.isPending}
        onGenerate={() => (groupCount ? setDialog('regenerate') : runGenerate())}
        onPublish={() => setDialog('publish')}
        onTeeTimes={() => setDialog('teeTimes')}
      />
      <ConfirmDialog
        opened={dialog === 'regenerate'}
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
        opened={dialog === 'publish'}
        onClose={close}
      />
      <TeeTimesDialog
        eventId={eventId}
        eventStart={event.data?.startTime}
        groupCount={groupCount}
        opened={dialog === 'teeTimes'}
        onClose={close}
      />
    </>
  );
}
