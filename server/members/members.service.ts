import { msg } from '@common/messages';
import type { ProfileUpdate } from '@common/schemas/users';
import type { Actor } from '../auth/auth.policy';
import { requestEmailChange } from '../auth/email-change';
import type { UserRow } from '../auth/users.presenter';
import { findUserById } from '../auth/users.queries';
import type { Db } from '../db/client';
import type { MailSettings } from '../email/outbox';
import { NotFoundError } from '../errors';
import { attachImage } from '../images/images.service';
import { setProfileImageId, updateProfileColumns } from './members.queries';

/**
 * Saves the profile form (already validated by the shared schema: fullName and age derived).
 * Role, membership and Stripe fields are not in the input, so they never change here. A new
 * e-mail address does not take effect here: it waits as `pendingEmail` for its confirmation link;
 * too many changes within the hour answer 429 and change nothing (server/auth/email-change.ts).
 */
export async function updateProfile(
  db: Db,
  mail: MailSettings,
  userId: string,
  input: ProfileUpdate,
): Promise<UserRow> {
  const existing = await findUserById(db, userId);
  if (!existing) throw new NotFoundError(msg.userNotFound);
  const newEmail = input.email.trim().toLowerCase();
  const changesEmail = newEmail !== (existing.email ?? '').toLowerCase();
  // An address another member uses is answered like a free one (issue 28: no address oracle);
  // requestEmailChange tells its holder instead, and that change can never be confirmed.
  return db.transaction(async (tx) => {
    if (changesEmail) await requestEmailChange(tx, mail, existing, newEmail);
    return updateProfileColumns(tx, userId, input);
  });
}

/**
 * Sets (or with null removes) a member's avatar. A new image must be a profile image
 * that is the caller's own pending upload (it becomes the member's) or already the
 * member's; anyone else's is refused and nothing changes (an admin too).
 */
export async function setProfileImage(
  db: Db,
  actor: Actor,
  userId: string,
  imageId: string | null,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const existing = await findUserById(tx, userId);
    if (!existing) throw new NotFoundError(msg.userNotFound);
    if (imageId && imageId !== existing.profileImageId) {
      await attachImage(tx, {
        imageId,
        entityType: 'profile',
        entityId: userId,
        actor,
        notFound: msg.profileImageNotFound,
      });
    }
    return setProfileImageId(tx, userId, imageId);
  });
}
