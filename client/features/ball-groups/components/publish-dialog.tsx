import { apiErrorMessage } from '@client/lib/api';
import { toastError, toastSuccess } from '@client/lib/toast';
import { NoticeConfirmDialog } from '@client/ui/notice-confirm-dialog';
import { msg } from '@common/messages';
import { usePublishGroups, usePublishPreview } from '../api/ball-groups-api';
import { publishedWhen } from '../lib/group-labels';

/**
 * Publishing the ball groups, confirmed: who will be told their group and tee time now (the server's
 * preview, asked when the dialog opens), who already knows, and an example notice; nothing is sent
 * before 'Publicera'.
 */
export function PublishDialog({
  eventId,
  publishedAt,
  opened,
  onClose,
}: {
  eventId: number;
  publishedAt: string | null;
  opened: boolean;
  onClose(): void;
}) {
  const preview = usePublishPreview(eventId, opened);
  const publish = usePublishGroups(eventId);
  const run = () =>
    publish.mutate(undefined, {
      onSuccess: () => {
        onClose();
        toastSuccess(msg.groupsPublished, msg.groupsPublishedText);
      },
      onError: (err) => {
        onClose();
        toastError(msg.groupsPublishFailed, apiErrorMessage(err));
      },
    });
  const unchanged = preview.data?.unchanged ?? 0;
  const intro = publishedAt
    ? `Bollgrupperna publicerades ${publishedWhen(publishedAt)}. Deltagare vars bollgrupp eller starttid har ändrats sedan dess får en ny notis${unchanged ? `; ${unchanged} har redan fått besked om sin grupp` : ''}.`
    : 'Deltagarna ser bollgrupperna på evenemangets sida, och var och en får en notis med sin bollgrupp och starttid.';
  return (
    <NoticeConfirmDialog
      opened={opened}
      title={publishedAt ? `${msg.groupsRepublish}?` : `${msg.groupsPublish}?`}
      intro={intro}
      recipients={preview.data}
      loading={preview.isFetching}
      error={preview.error ? apiErrorMessage(preview.error) : null}
      notice={preview.data?.example ?? null}
      confirmLabel={publishedAt ? msg.groupsRepublish : msg.groupsPublish}
      allowNone
      pending={publish.isPending}
      onClose={onClose}
      onConfirm={run}
    />
  );
}
