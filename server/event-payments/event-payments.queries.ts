import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, registrationRefunds } from '../db/schema';
import type { RegistrationRow } from '../registrations/registrations.queries';

export type RefundRow = typeof registrationRefunds.$inferSelect;

/** What paying an event's fee needs to know about the event. */
export interface PayableEventRow {
  id: number;
  title: string;
  price: number;
  payOnline: boolean;
  status: 'upcoming' | 'ongoing' | 'completed' | 'cancelled';
}

/** The event's payment fields, or undefined. */
export async function findPayableEvent(db: Db, id: number): Promise<PayableEventRow | undefined> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      price: events.price,
      payOnline: events.payOnline,
      status: events.status,
    })
    .from(events)
    .where(eq(events.id, id))
    .limit(1);
  return rows[0];
}

/** A registration locked FOR UPDATE (the event row is not locked), with its event's title. */
export async function lockRegistration(
  tx: Db,
  id: number,
): Promise<(RegistrationRow & { eventTitle: string }) | undefined> {
  const rows = await tx
    .select({ ...getTableColumns(eventRegistrations), eventTitle: events.title })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, id))
    .for('update', { of: eventRegistrations });
  return rows[0];
}

/** One registration as stored, or undefined. */
export async function findRegistration(db: Db, id: number): Promise<RegistrationRow | undefined> {
  const rows = await db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)).limit(1);
  return rows[0];
}

export interface PaymentParams {
  amountPaid: number;
  paidAt: Date;
  paymentIntentId: string;
}

/** Records an online payment of a registration's fee: paid, how much, when and which payment. */
export async function markRegistrationPaid(db: Db, id: number, p: PaymentParams): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set({ paymentStatus: 'paid', ...p })
    .where(eq(eventRegistrations.id, id))
    .returning();
  return row;
}

/** Adds `delta` SEK (negative to take back) to what was refunded of a registration's fee. */
export async function addRefunded(db: Db, id: number, delta: number): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set({ amountRefunded: sql`${eventRegistrations.amountRefunded} + ${delta}` })
    .where(eq(eventRegistrations.id, id))
    .returning();
  return row;
}

/** Sets a registration's payment status. */
export async function setPaymentStatus(
  db: Db,
  id: number,
  paymentStatus: RegistrationRow['paymentStatus'],
): Promise<RegistrationRow> {
  const [row] = await db
    .update(eventRegistrations)
    .set({ paymentStatus })
    .where(eq(eventRegistrations.id, id))
    .returning();
  return row;
}

export interface NewRefund {
  registrationId: number;
  amount: number;
  createdBy: string | null;
}

/** Inserts a refund row (its provider id follows once the provider has made it). */
export async function insertRefund(db: Db, p: NewRefund): Promise<RefundRow> {
  const [row] = await db.insert(registrationRefunds).values(p).returning();
  return row;
}

/** Stores the provider's id of a refund. */
export async function setProviderRefundId(db: Db, id: number, providerRefundId: string): Promise<void> {
  await db.update(registrationRefunds).set({ providerRefundId }).where(eq(registrationRefunds.id, id));
}

/** Deletes a refund row (a refund the provider did not make). */
export async function deleteRefund(db: Db, id: number): Promise<void> {
  await db.delete(registrationRefunds).where(eq(registrationRefunds.id, id));
}

/** A registration's refunds, oldest first. */
export async function listRefunds(db: Db, registrationId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(registrationRefunds)
    .where(eq(registrationRefunds.registrationId, registrationId))
    .orderBy(asc(registrationRefunds.createdAt), asc(registrationRefunds.id));
}
