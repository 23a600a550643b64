import { avatarSrc } from '@client/lib/images';
import { avatarInitial } from '@common/rules/display-name';
import type { FullUser } from '@common/schemas/users';
import { Avatar, type AvatarProps } from '@mantine/core';

/** The member's avatar: stored profile image, else profileImageUrl, else the initial (spec §2). */
export function UserAvatar({ user, ...props }: { user: FullUser } & AvatarProps) {
  return (
    <Avatar src={avatarSrc(user.profileImageId, user.profileImageUrl)} alt="" color="golf" {...props}>
      {avatarInitial(user)}
    </Avatar>
  );
}
