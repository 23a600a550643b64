import type { Gender, PaymentStatus, RegistrationStatus, RoomWish } from '@common/options';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventRegistrations, events, users } from '../db/schema';

/** The event fields an export needs. */
export interface ExportEvent {
  id: number;
  title: string;
  price: number;
}

/** The event to export, or undefined. */
export async function findExportEvent(db: Db, eventId: number): Promise<ExportEvent | undefined> {
  const rows = await db
    .select({ id: events.id, title: events.title, price: events.price })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return rows[0];
}

/** One registration with the member facts the lists show. */
export interface ExportRow {
  id: number;
  status: RegistrationStatus;
  paymentStatus: PaymentStatus;
  amountDue: number;
  amountPaid: number;
  amountRefunded: number;
  paidAt: Date | null;
  dietaryPreferences: string | null;
  notes: string | null;
  roomWish: RoomWish | null;
  roomMateName: string | null;
  /** The organiser's rooming (issue 30): registrations with one number share a room. */
  roomNumber: number | null;
  golfId: string | null;
  handicap: number | null;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
  username: string | null;
  email: string | null;
  club: string | null;
  gender: Gender | null;
}

/** ExportRow's columns: the profile's golf facts first, the ones given at registration otherwise. */
const columns = {
  id: eventRegistrations.id,
  status: eventRegistrations.status,
  paymentStatus: eventRegistrations.paymentStatus,
  amountDue: eventRegistrations.amountDue,
  amountPaid: eventRegistrations.amountPaid,
  amountRefunded: eventRegistrations.amountRefunded,
  paidAt: eventRegistrations.paidAt,
  dietaryPreferences: eventRegistrations.dietaryPreferences,
  notes: eventRegistrations.notes,
  roomWish: eventRegistrations.roomWish,
  roomMateName: eventRegistrations.roomMateName,
  roomNumber: eventRegistrations.roomNumber,
  golfId: sql<string | null>`coalesce(${users.golfId}, ${eventRegistrations.golfId})`,
  handicap: sql<number | null>`coalesce(${users.handicap}, ${eventRegistrations.handicap})::float8`,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  fullName: users.fullName,
  username: users.username,
  email: users.email,
  club: users.club,
  gender: users.gender,
};

/**
 * The registrations of an event for an export, in arrival order: the live ones (not cancelled), and
 * with `withMoney` also cancelled ones where money was paid, refunded or is still due.
 */
export async function listExportRows(
  db: Db,
  eventId: number,
  opts: { withMoney?: boolean } = {},
): Promise<ExportRow[]> {
  const live = isNull(eventRegistrations.cancelledAt);
  const which = opts.withMoney
    ? or(
        live,
        gt(eventRegistrations.amountPaid, 0),
        gt(eventRegistrations.amountRefunded, 0),
        gt(eventRegistrations.amountDue, 0),
      )
    : live;
  return db
    .select(columns)
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), which))
    .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id));
}
