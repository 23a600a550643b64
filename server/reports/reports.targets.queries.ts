import { and, eq, isNull } from 'drizzle-orm';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { events, images, messages, users } from '../db/schema';

/** A member who has not deleted their account, or undefined. */
export async function findLiveUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return u;
}

/** A message that has not been removed, with its sender's names; or undefined. */
export async function findLiveMessageWithSender(db: Db, messageId: number) {
  const [m] = await db
    .select({
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      eventId: messages.eventId,
      isGroupMessage: messages.isGroupMessage,
      content: messages.content,
      sentAt: messages.sentAt,
      senderFirst: users.firstName,
      senderLast: users.lastName,
      senderFull: users.fullName,
      senderUsername: users.username,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.id, messageId), isNull(messages.removedAt)))
    .limit(1);
  return m;
}

/** An event's title, or undefined. */
export async function findEventTitle(db: Db, eventId: number): Promise<string | undefined> {
  const [event] = await db.select({ title: events.title }).from(events).where(eq(events.id, eventId));
  return event?.title;
}

/** An image that has not been removed: what it is attached to and who uploaded it; or undefined. */
export async function findLiveImage(db: Db, imageId: string) {
  const [img] = await db
    .select({ id: images.id, entityId: images.entityId, uploadedBy: images.uploadedBy })
    .from(images)
    .where(and(eq(images.id, imageId), isNull(images.removedAt)))
    .limit(1);
  return img;
}
