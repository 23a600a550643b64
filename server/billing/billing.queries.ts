import { and, eq, isNull } from 'drizzle-orm';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { processedWebhookEvents, users } from '../db/schema';

/** The member with this Stripe (or test-mode) customer id. */
export async function findUserByCustomerId(db: Db, customerId: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.stripeCustomerId, customerId)).limit(1);
  return rows[0];
}

/** The member row locked for update (inside a transaction). */
export async function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).for('update');
  return rows[0];
}

/** True when this webhook event id has been handled. */
export async function isEventProcessed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, id))
    .limit(1);
  return rows.length > 0;
}

/** Records an event id; false when it was already there (someone else handled it). */
export async function markEventProcessed(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return rows.length > 0;
}

/** Stores a member's customer id unless one is set; answers the id the member now has. */
export async function setCustomerIdOnce(db: Db, userId: string, customerId: string): Promise<string | null> {
  await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)));
  const rows = await db
    .select({ customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.customerId ?? null;
}

export type SubscriptionFields = Pick<
  typeof users.$inferInsert,
  | 'membershipType'
  | 'stripeSubscriptionId'
  | 'subscriptionStatus'
  | 'subscriptionPeriodEnd'
  | 'stripeCustomerId'
  | 'proPurchasedAt'
>;

/** Writes a member's membership and subscription fields. */
export async function updateSubscriptionFields(db: Db, userId: string, fields: SubscriptionFields) {
  const rows = await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return rows[0];
}

/** Whether the member asked Pro to start during the withdrawal period (reset by each new checkout). */
export async function setProStartedImmediately(db: Db, userId: string, value: boolean): Promise<void> {
  await db.update(users).set({ proStartedImmediately: value }).where(eq(users.id, userId));
}

/**
 * Sets a member's membership type (an admin's decision); `unlinkSubscription` drops the link to a
 * subscription that is no longer live, so it cannot end the membership. Answers the row.
 */
export async function setMembershipType(
  db: Db,
  userId: string,
  type: UserRow['membershipType'],
  unlinkSubscription: boolean,
): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({
      membershipType: type,
      ...(unlinkSubscription
        ? { stripeSubscriptionId: null, subscriptionStatus: null, subscriptionPeriodEnd: null }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}
