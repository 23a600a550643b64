import { displayName } from '@common/rules/display-name';
import type { Db } from '../db/client';
import { listPassengers, listRideMessagesBy, listRidesOfMember, listSeatsOfMember } from './rides.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * rides.json of the member's data export (issue 30): their own offers and requests (with, for an offer,
 * who asked and who rode: the driver saw them), their seats in others' rides (the driver by id and name;
 * fellow passengers are left out) and what they wrote in ride conversations.
 */
export async function listOwnRides(db: Db, userId: string) {
  const own = await listRidesOfMember(db, userId);
  const passengers = await listPassengers(
    db,
    own.map((r) => r.ride.id),
  );
  const seats = await listSeatsOfMember(db, userId);
  const messages = await listRideMessagesBy(db, userId);
  return {
    rides: own.map(({ ride, eventTitle, eventStart }) => ({
      id: ride.id,
      event: { id: ride.eventId, title: eventTitle, startTime: iso(eventStart) },
      kind: ride.kind,
      from: ride.fromPlace,
      departAt: iso(ride.departAt),
      seats: ride.seats,
      note: ride.note,
      createdAt: iso(ride.createdAt),
      passengers: passengers
        .filter((p) => p.rideId === ride.id)
        .map((p) => ({ member: { id: p.user.id, name: displayName(p.user) }, status: p.status })),
    })),
    seats: seats.map((s) => ({
      rideId: s.ride.id,
      event: { id: s.ride.eventId, title: s.eventTitle, startTime: iso(s.eventStart) },
      driver: { id: s.driver.id, name: displayName(s.driver) },
      from: s.ride.fromPlace,
      departAt: iso(s.ride.departAt),
      seats: s.ride.seats,
      status: s.status,
      askedAt: iso(s.askedAt),
      acceptedAt: iso(s.acceptedAt),
    })),
    messages: messages.map((m) => ({ rideId: m.rideId, content: m.content, sentAt: iso(m.sentAt) })),
  };
}
