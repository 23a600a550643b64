import type { LiveRegistrationStatus } from '@common/options';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ballGroups, eventRegistrations, events, isLiveRegistration } from '../db/schema';

export interface UpcomingParams {
  userId: string;
  now: Date;
}

/**
 * The member's live registrations of events not yet ended (nor cancelled or completed), by start time,
 * in one statement: the event's fields, the place on the reservlista and the ball group only when the
 * event's groups are published (the join's condition, so an unpublished group never leaves the database).
 */
export async function listUpcomingRegistrations(db: Db, p: UpcomingParams) {
  // Compared in SQL: registered_at keeps microseconds that a JavaScript Date would drop.
  const position = sql<number | null>`case when ${eventRegistrations.status} = 'waitlisted' then (
    select count(*)::int from event_registrations q
    where q.event_id = ${eventRegistrations.eventId} and q.status = 'waitlisted'
      and (q.registered_at, q.id) <= (${eventRegistrations.registeredAt}, ${eventRegistrations.id})
  ) end`;
  return db
    .select({
      registrationId: eventRegistrations.id,
      // Live rows only (the WHERE below): never 'cancelled'.
      status: sql<LiveRegistrationStatus>`${eventRegistrations.status}`,
      position,
      offerExpiresAt: eventRegistrations.offerExpiresAt,
      paymentStatus: eventRegistrations.paymentStatus,
      amountPaid: eventRegistrations.amountPaid,
      amountDue: eventRegistrations.amountDue,
      amountRefunded: eventRegistrations.amountRefunded,
      event: {
        id: events.id,
        title: events.title,
        location: events.location,
        startTime: events.startTime,
        endTime: events.endTime,
        status: events.status,
        price: events.price,
        payOnline: events.payOnline,
        greenFeeIncluded: events.greenFeeIncluded,
        coffeeIncluded: events.coffeeIncluded,
        lunchIncluded: events.lunchIncluded,
      },
      groupName: ballGroups.name,
      teeTime: ballGroups.teeTime,
      startingHole: ballGroups.startingHole,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .leftJoin(
      ballGroups,
      and(eq(ballGroups.id, eventRegistrations.groupId), isNotNull(events.ballGroupsPublishedAt)),
    )
    .where(
      and(
        eq(eventRegistrations.userId, p.userId),
        isLiveRegistration(),
        inArray(events.status, ['upcoming', 'ongoing']),
        gt(events.endTime, p.now),
      ),
    )
    .orderBy(asc(events.startTime), asc(events.id));
}

export type UpcomingRegistrationRow = Awaited<ReturnType<typeof listUpcomingRegistrations>>[number];
