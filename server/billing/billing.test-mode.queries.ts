import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, testCheckoutSessions, testSubscriptions } from '../db/schema';

/** The test mode's own tables (`test_*`): Stripe's objects as the built-in test payment mode keeps them. */
export type TestSubscriptionRow = typeof testSubscriptions.$inferSelect;
/** A test session with, for an event fee (mode 'payment'), the event it pays for. */
export type TestSessionRow = typeof testCheckoutSessions.$inferSelect & {
  eventId: number | null;
  eventTitle: string | null;
};
type SessionChanges = Partial<
  Pick<
    typeof testCheckoutSessions.$inferInsert,
    'status' | 'paymentStatus' | 'paymentIntentId' | 'subscriptionId'
  >
>;

/** One test subscription by id. */
export async function findTestSubscription(db: Db, id: string): Promise<TestSubscriptionRow | undefined> {
  return (await db.select().from(testSubscriptions).where(eq(testSubscriptions.id, id)).limit(1))[0];
}

/** One test checkout session by id, with the event an event fee's session pays for. */
export async function findTestSession(db: Db, id: string): Promise<TestSessionRow | undefined> {
  const rows = await db
    .select({
      ...getTableColumns(testCheckoutSessions),
      eventId: eventRegistrations.eventId,
      eventTitle: events.title,
    })
    .from(testCheckoutSessions)
    .leftJoin(eventRegistrations, eq(eventRegistrations.id, testCheckoutSessions.registrationId))
    .leftJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(testCheckoutSessions.id, id))
    .limit(1);
  return rows[0];
}

/** Opens a test checkout session. */
export async function insertTestSession(
  db: Db,
  values: typeof testCheckoutSessions.$inferInsert,
): Promise<void> {
  await db.insert(testCheckoutSessions).values(values);
}

/** The amount of a paid test payment, by its payment id. */
export async function findPaidTestPayment(
  db: Db,
  paymentIntentId: string,
): Promise<{ amount: number | null } | undefined> {
  const rows = await db
    .select({ amount: testCheckoutSessions.amount })
    .from(testCheckoutSessions)
    .where(
      and(
        eq(testCheckoutSessions.paymentIntentId, paymentIntentId),
        eq(testCheckoutSessions.paymentStatus, 'paid'),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The paid checkout session that started a test subscription. */
export async function findPaidSessionOfSubscription(db: Db, subscriptionId: string) {
  const rows = await db
    .select()
    .from(testCheckoutSessions)
    .where(
      and(
        eq(testCheckoutSessions.subscriptionId, subscriptionId),
        eq(testCheckoutSessions.paymentStatus, 'paid'),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Completes an open test session with `changes`; undefined when it is not open (completed by a parallel
 * request), so it is completed once.
 */
export async function claimTestSession(db: Db, sessionId: string, changes: SessionChanges) {
  const rows = await db
    .update(testCheckoutSessions)
    .set(changes)
    .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.status, 'open')))
    .returning();
  return rows[0];
}

/** Starts a test subscription. */
export async function insertTestSubscription(
  db: Db,
  values: typeof testSubscriptions.$inferInsert,
): Promise<void> {
  await db.insert(testSubscriptions).values(values);
}

/** Sets or clears cancel-at-period-end of a live test subscription; undefined when it has ended. */
export async function setTestCancelAtPeriodEnd(
  db: Db,
  id: string,
  cancel: boolean,
): Promise<TestSubscriptionRow | undefined> {
  const rows = await db
    .update(testSubscriptions)
    .set({ cancelAtPeriodEnd: cancel })
    .where(and(eq(testSubscriptions.id, id), ne(testSubscriptions.status, 'canceled')))
    .returning();
  return rows[0];
}

/** Ends a live test subscription now; undefined when it had ended already. */
export async function cancelTestSubscription(db: Db, id: string): Promise<TestSubscriptionRow | undefined> {
  const rows = await db
    .update(testSubscriptions)
    .set({ status: 'canceled', canceledAt: new Date() })
    .where(and(eq(testSubscriptions.id, id), ne(testSubscriptions.status, 'canceled')))
    .returning();
  return rows[0];
}

/** Every test subscription that has not ended. */
export async function listLiveTestSubscriptions(db: Db): Promise<TestSubscriptionRow[]> {
  return db.select().from(testSubscriptions).where(ne(testSubscriptions.status, 'canceled'));
}

/** Sets a test subscription's status and period (the billing clock moved). */
export async function setTestSubscriptionPeriod(
  db: Db,
  id: string,
  period: Pick<TestSubscriptionRow, 'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'canceledAt'>,
): Promise<void> {
  await db.update(testSubscriptions).set(period).where(eq(testSubscriptions.id, id));
}
