import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pushSubscriptions } from '../db/schema';

/** How many browsers a member may subscribe; the oldest subscriptions are dropped beyond it. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER = 20;

export interface SaveSubscriptionParams {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/**
 * Stores a browser's subscription for the member: 'saved', or 'taken' when another member holds the
 * endpoint (it stays theirs; nothing changes). The member's own endpoint is renewed with the new keys.
 * Beyond MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER the member's oldest subscriptions are removed.
 */
export async function saveSubscription(db: Db, p: SaveSubscriptionParams): Promise<'saved' | 'taken'> {
  return db.transaction(async (tx) => {
    // One statement: the endpoint's row is updated only when it is the member's own, so two members
    // subscribing the same endpoint at once cannot move it either.
    const saved = await tx
      .insert(pushSubscriptions)
      .values(p)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          p256dh: p.p256dh,
          auth: p.auth,
          userAgent: p.userAgent,
          createdAt: sql`now()`,
          lastSuccessAt: null,
        },
        setWhere: eq(pushSubscriptions.userId, p.userId),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) return 'taken';
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, p.userId))
      .orderBy(sql`${pushSubscriptions.createdAt} desc`, sql`${pushSubscriptions.id} desc`)
      .limit(MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, p.userId), notInArray(pushSubscriptions.id, keep)));
    return 'saved';
  });
}

/** Removes the member's subscription with this endpoint (nothing if it is not the member's). */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A member's subscriptions as the sender needs them. */
export function subscriptionsOf(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/** Removes subscriptions the push service called gone (404/410). */
export async function deleteSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** Records a delivery accepted by the push service. */
export async function markSubscriptionsDelivered(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(inArray(pushSubscriptions.id, ids));
}
