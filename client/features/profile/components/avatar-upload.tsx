import { apiErrorMessage } from '@client/lib/api';
import { avatarSrc } from '@client/lib/images';
import { toastError, toastSuccess } from '@client/lib/toast';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from '@common/limits';
import { msg } from '@common/messages';
import { avatarInitial } from '@common/rules/display-name';
import { isAcceptedImageFile } from '@common/rules/image-file';
import type { FullUser } from '@common/schemas/users';
import { Avatar, Button, FileButton, Stack } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useUploadAvatar } from '../api/profile-api';

/** Why a chosen file cannot be an avatar (3 MB, jpeg/png/gif/webp/heic), or null when it can. */
export function avatarFileError(file: File): string | null {
  if (!isAcceptedImageFile(file)) return msg.imageWrongType;
  if (file.size > IMAGE_MAX_BYTES) return msg.imageTooLarge;
  return null;
}

/** The side card's avatar with its upload button (spec §2 'Profile', §5 'Profile image'). */
export function AvatarUpload({ user }: { user: FullUser }) {
  const upload = useUploadAvatar(user.id);
  const pick = (file: File | null) => {
    if (!file) return;
    const error = avatarFileError(file);
    if (error) {
      toastError(msg.uploadFailedTitle, error);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toastSuccess('Profilbilden har uppdaterats'),
      onError: (err) => toastError(msg.uploadFailedTitle, apiErrorMessage(err, msg.uploadFailedFallback)),
    });
  };
  return (
    <Stack align="center" gap="xs">
      <Avatar
        src={avatarSrc(user.profileImageId, user.profileImageUrl)}
        size={120}
        radius={120}
        color="golf"
        alt="Profilbild"
      >
        {avatarInitial(user)}
      </Avatar>
      <FileButton onChange={pick} accept={IMAGE_ACCEPT}>
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="light"
            leftSection={<IconCamera size={14} />}
            loading={upload.isPending}
          >
            Byt profilbild
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
