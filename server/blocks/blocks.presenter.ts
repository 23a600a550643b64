import type { BlockedMember, PrivacySettings } from '@common/schemas/blocks';
import type { UserRow } from '../auth/users.presenter';
import type { BlockedMemberRow } from './blocks.queries';

/** A blocked member as GET /api/blocks lists them: name and avatar, nothing private. */
export function presentBlockedMember(row: BlockedMemberRow): BlockedMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    username: row.username,
    profileImageId: row.profileImageId,
    profileImageUrl: row.profileImageUrl,
    blockedAt: row.blockedAt.toISOString(),
  };
}

/** The member's privacy settings (GET/PUT /api/me/privacy). */
export function presentPrivacySettings(
  u: Pick<UserRow, 'hiddenFromDirectory' | 'whoCanMessage' | 'meetAgainEnabled'>,
): PrivacySettings {
  return {
    hiddenFromDirectory: u.hiddenFromDirectory,
    whoCanMessage: u.whoCanMessage,
    meetAgain: u.meetAgainEnabled,
  };
}
