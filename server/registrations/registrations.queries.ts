import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { eventNotifications, eventRegistrations, events, isLiveRegistration, users } from '../db/schema';

export type RegistrationRow = typeof eventRegistrations.$inferSelect;
export type NewRegistration = typeof eventRegistrations.$inferInsert;
export type EventNotificationRow = typeof eventNotifications.$inferSelect;
export type RegistrationWithUser = RegistrationRow & { user: UserRow };

/** Every registration of an event with its member, in arrival order. */
const eventRegistrationsWithUsers = preparedQuery((db) =>
  db
    .select({ r: eventRegistrations, u: users })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, sql.placeholder('eventId')), isLiveRegistration()))
    .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
    .prepare('sg_event_registrations_with_users'),
);

/** The live registrations of an event in arrival order; with `includeCancelled` the history too. */
export async function listEventRegistrations(
  db: Db,
  eventId: number,
  opts: { includeCancelled?: boolean } = {},
): Promise<RegistrationWithUser[]> {
  const rows = opts.includeCancelled
    ? await db
        .select({ r: eventRegistrations, u: users })
        .from(eventRegistrations)
        .innerJoin(users, eq(users.id, eventRegistrations.userId))
        .where(eq(eventRegistrations.eventId, eventId))
        .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
    : await eventRegistrationsWithUsers(db).execute({ eventId });
  return rows.map(({ r, u }) => ({ ...r, user: u }));
}

/** One registration with its member, or undefined. */
export async function findRegistrationWithUser(
  db: Db,
  id: number,
): Promise<RegistrationWithUser | undefined> {
  const rows = await db
    .select({ r: eventRegistrations, u: users })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(eq(eventRegistrations.id, id))
    .limit(1);
  return rows[0] ? { ...rows[0].r, user: rows[0].u } : undefined;
}

/**
 * A member's registrations by the events' start time: the live ones, and cancelled ones that still have
 * an amount due (a late-cancellation fee shows in 'Mina evenemang' until it is paid or waived).
 */
export async function listUserRegistrations(db: Db, userId: string): Promise<RegistrationRow[]> {
  return db
    .select(getTableColumns(eventRegistrations))
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.userId, userId),
        or(isLiveRegistration(), gt(eventRegistrations.amountDue, 0)),
      ),
    )
    .orderBy(asc(events.startTime), asc(eventRegistrations.id));
}

/** Places taken at an event: registered members and open offers (what capacity counts). */
export async function countRegistered(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        inArray(eventRegistrations.status, ['registered', 'offered']),
      ),
    );
  return row?.n ?? 0;
}

/** Places taken (registered and offered), open offers and waitlisted of an event, in one statement. */
export async function countByStatus(
  db: Db,
  eventId: number,
): Promise<{ registered: number; offered: number; waitlisted: number }> {
  const [row] = await db
    .select({
      registered: sql<number>`(count(*) filter (where ${eventRegistrations.status} in ('registered', 'offered')))::int`,
      offered: sql<number>`(count(*) filter (where ${eventRegistrations.status} = 'offered'))::int`,
      waitlisted: sql<number>`(count(*) filter (where ${eventRegistrations.status} = 'waitlisted'))::int`,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return { registered: row?.registered ?? 0, offered: row?.offered ?? 0, waitlisted: row?.waitlisted ?? 0 };
}

/** The earliest waitlisted registrations of an event, at most `limit`. */
export async function earliestWaitlisted(db: Db, eventId: number, limit: number): Promise<{ id: number }[]> {
  return db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waitlisted')))
    .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
    .limit(limit)
    .for('update');
}

/** Marks registrations as registered; returns them. */
export async function markRegistered(db: Db, ids: number[]): Promise<RegistrationRow[]> {
  if (!ids.length) return [];
  return db
    .update(eventRegistrations)
    .set({ status: 'registered' })
    .where(inArray(eventRegistrations.id, ids))
    .returning();
}

/**
 * The member's live registration of an event (not cancelled), optionally locked FOR UPDATE. The one
 * query of "is this member taking part" (issue 31): registering, cancelling, offers, the group chat,
 * event payments and the event page all ask it.
 */
export async function findLiveRegistration(
  db: Db,
  eventId: number,
  userId: string,
  opts: { lock?: boolean } = {},
): Promise<RegistrationRow | undefined> {
  const q = db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.userId, userId),
        isLiveRegistration(),
      ),
    )
    .limit(1);
  const rows = opts.lock ? await q.for('update') : await q;
  return rows[0];
}

/**
 * The member's registration of an event as the event page shows it: the live one, else the latest
 * cancelled one (its history: a late-cancellation fee, a refund).
 */
export async function findCurrentRegistration(
  db: Db,
  eventId: number,
  userId: string,
): Promise<RegistrationRow | undefined> {
  const rows = await db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
    .orderBy(sql`${eventRegistrations.cancelledAt} is null desc`, desc(eventRegistrations.cancelledAt))
    .limit(1);
  return rows[0];
}

/**
 * Waives the late-cancellation fees of up to `places` late cancellations of an event (the earliest
 * first): each place a member from the waitlist takes makes one late cancellation free of charge.
 * Only fees not yet paid, of cancellations made by `now`.
 */
export async function waiveLateCancellationFees(db: Db, eventId: number, places: number, now: Date) {
  if (places <= 0) return [];
  return db
    .update(eventRegistrations)
    .set({ amountDue: 0 })
    .where(
      inArray(
        eventRegistrations.id,
        db
          .select({ id: eventRegistrations.id })
          .from(eventRegistrations)
          .where(
            and(
              eq(eventRegistrations.eventId, eventId),
              eq(eventRegistrations.lateCancellation, true),
              gt(eventRegistrations.amountDue, 0),
              lte(eventRegistrations.cancelledAt, now),
            ),
          )
          .orderBy(asc(eventRegistrations.cancelledAt), asc(eventRegistrations.id))
          .limit(places),
      ),
    )
    .returning({ id: eventRegistrations.id, userId: eventRegistrations.userId });
}

/**
 * Stores a new registration and answers the row. Its place in the queue is the time it was taken:
 * the clock now (after the caller's event lock), not when the transaction began.
 */
export async function insertRegistration(
  db: Db,
  values: Omit<NewRegistration, 'registeredAt'>,
): Promise<RegistrationRow> {
  const [row] = await db
    .insert(eventRegistrations)
    .values({ ...values, registeredAt: sql`clock_timestamp()` })
    .returning();
  return row;
}

/** Changes one registration; answers the row as it is now, or undefined when there is none. */
export async function updateRegistration(
  db: Db,
  id: number,
  values: Partial<NewRegistration>,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .update(eventRegistrations)
    .set(values)
    .where(eq(eventRegistrations.id, id))
    .returning();
  return row;
}

/** One registration locked FOR UPDATE for the rest of the transaction, or undefined. */
export async function lockRegistration(tx: Db, id: number): Promise<RegistrationRow | undefined> {
  const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)).for('update');
  return row;
}

/** A registration's payment status and its event's title, the registration locked FOR UPDATE. */
export async function lockRegistrationPayment(
  tx: Db,
  id: number,
): Promise<
  | (Pick<RegistrationRow, 'paymentStatus' | 'paymentIntentId' | 'amountPaid' | 'paidAt'> & {
      title: string;
      price: number;
    })
  | undefined
> {
  const [row] = await tx
    .select({
      paymentStatus: eventRegistrations.paymentStatus,
      paymentIntentId: eventRegistrations.paymentIntentId,
      amountPaid: eventRegistrations.amountPaid,
      paidAt: eventRegistrations.paidAt,
      title: events.title,
      price: events.price,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, id))
    .for('update', { of: eventRegistrations });
  return row;
}

/** Offers a place to these (waitlisted) registrations until `expiresAt`; answers them. */
export async function markOffered(db: Db, ids: number[], expiresAt: Date): Promise<RegistrationRow[]> {
  if (!ids.length) return [];
  return db
    .update(eventRegistrations)
    .set({ status: 'offered', offerExpiresAt: expiresAt })
    .where(inArray(eventRegistrations.id, ids))
    .returning();
}

/** The live notices (event_notifications) of members moved up from an event's waitlist. */
export async function insertPromotionNotices(
  db: Db,
  eventId: number,
  userIds: string[],
  content: string,
): Promise<EventNotificationRow[]> {
  if (!userIds.length) return [];
  return db
    .insert(eventNotifications)
    .values(userIds.map((userId) => ({ eventId, userId, type: 'waitlist_promoted', content })))
    .returning();
}

/** Events with offers that have expired at `now`. */
export async function eventsWithExpiredOffers(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ eventId: eventRegistrations.eventId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.status, 'offered'), lte(eventRegistrations.offerExpiresAt, now)))
    .orderBy(asc(eventRegistrations.eventId));
  return rows.map((r) => r.eventId);
}

/** Cancels an event's offers that have expired at `now` (nobody cancelled them); answers them. */
export async function cancelExpiredOffers(db: Db, eventId: number, now: Date): Promise<RegistrationRow[]> {
  return db
    .update(eventRegistrations)
    .set({ status: 'cancelled', cancelledAt: now, cancelledBy: null, offerExpiresAt: null })
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.status, 'offered'),
        lte(eventRegistrations.offerExpiresAt, now),
      ),
    )
    .returning();
}

/**
 * Position (1-based) of a waitlisted registration in its event's queue: the waitlisted registrations
 * that came before it, and itself. The one rule of a queue place (issue 31): the waitlist notice and
 * the member's registration both read it.
 */
export async function queuePosition(db: Db, r: Pick<RegistrationRow, 'id' | 'eventId'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, r.eventId),
        eq(eventRegistrations.status, 'waitlisted'),
        // Compared in SQL: registered_at keeps microseconds that a JavaScript Date would drop.
        sql`(${eventRegistrations.registeredAt}, ${eventRegistrations.id}) <= (select o.registered_at, o.id from event_registrations o where o.id = ${r.id})`,
      ),
    );
  return row?.n ?? 1;
}

/**
 * Erases the dietary needs, allergies and the consent to keep them from every registration (cancelled
 * ones too) of events that ended before `cutoff`. Answers how many were erased.
 */
export async function eraseDietaryDataEndedBefore(db: Db, cutoff: Date): Promise<number> {
  const erased = await db
    .update(eventRegistrations)
    .set({ dietaryPreferences: null, dietaryConsentAt: null })
    .where(
      and(
        or(isNotNull(eventRegistrations.dietaryPreferences), isNotNull(eventRegistrations.dietaryConsentAt)),
        sql`${eventRegistrations.eventId} in (select ${events.id} from ${events} where ${lt(events.endTime, cutoff)})`,
      ),
    )
    .returning({ id: eventRegistrations.id });
  return erased.length;
}
