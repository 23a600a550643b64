import { msg } from '@common/messages';
import type { ProfileUpdate } from '@common/schemas/users';
import { eq } from 'drizzle-orm';
import type { Actor } from '../auth/auth.policy';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { ConflictError, NotFoundError } from '../errors';
import { attachImage } from '../images/images.service';
import type { UserRow } from './members.presenter';
import { emailTakenByOther, findUserById } from './members.queries';

// Drizzle wraps driver errors; the PostgreSQL code is on the error or its cause.
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return !!e && (e.code === '23505' || (e.cause !== undefined && isUniqueViolation(e.cause)));
};

/**
 * Saves the profile form (already validated by the shared schema: fullName and age derived).
 * Role, membership and Stripe fields are not in the input, so they never change here.
 */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdate): Promise<UserRow> {
  const existing = await findUserById(db, userId);
  if (!existing) throw new NotFoundError(msg.userNotFound);
  if (await emailTakenByOther(db, input.email, userId)) throw new ConflictError(msg.emailTaken);
  try {
    const [row] = await db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        fullName: input.fullName,
        username: input.username,
        email: input.email,
        handicap: input.handicap,
        golfId: input.golfId,
        club: input.club,
        hasGolfstarMembership: input.hasGolfstarMembership,
        hasGolfamoreCard: input.hasGolfamoreCard,
        gender: input.gender,
        birthDate: input.birthDate,
        age: input.age,
        civilStatus: input.civilStatus,
        children: input.children,
        profession: input.profession,
        dream: input.dream,
        location: input.location,
        lifeCircumstance: input.lifeCircumstance,
        lookingFor: input.lookingFor,
        meetupInterests: input.meetupInterests,
        interests: input.interests,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    return row;
  } catch (err) {
    // Two members saving the same address at once: the unique index decides.
    if (isUniqueViolation(err)) throw new ConflictError(msg.emailTaken);
    throw err;
  }
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
    const [row] = await tx
      .update(users)
      .set({ profileImageId: imageId, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
}
