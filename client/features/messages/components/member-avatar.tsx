import { avatarSrc } from '@client/lib/images';
import { avatarInitial } from '@common/rules/display-name';
import type { MessageSender } from '@common/schemas/messages';
import { Avatar, type AvatarProps } from '@mantine/core';

/** A member's picture, else the initial of the first name. */
export function MemberAvatar({ member, ...props }: { member: MessageSender } & AvatarProps) {
  return (
    <Avatar src={avatarSrc(member.profileImageId, member.profileImageUrl)} alt="" color="golf" {...props}>
      {avatarInitial(member)}
    </Avatar>
  );
}
