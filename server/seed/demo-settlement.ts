import { includesLodging } from '@common/rules/room-wish';
import { type DemoEvent, totalPrice } from './demo-events';
import type { RegistrationInsert, SeededEvent } from './demo-registrations';
import { HOUR, type Rng } from './random';

/**
 * What happened to the demo registrations after they were made, drawn from a generator of its own (so
 * the registrations themselves stay as they were): fees paid record their amounts and when, past and
 * ongoing events have their attendance taken (a few no-shows; a refunded fee is a member who could not
 * come), and on trips with nights away most members gave a room wish — some pairs name each other.
 */
export function settleRegistrations(
  rng: Rng,
  seeded: SeededEvent[],
  registrations: RegistrationInsert[],
  names: Map<string, string>,
  now: Date,
): void {
  for (const { id, plan } of seeded) {
    const rows = registrations.filter((r) => r.eventId === id);
    for (const r of rows) recordPayment(rng, plan, r, now);
    if (plan.row.status !== 'upcoming') {
      for (const r of rows.filter((x) => x.status === 'registered')) {
        r.attendance = r.paymentStatus === 'refunded' || rng.chance(0.06) ? 'no_show' : 'present';
      }
    }
    if (includesLodging(plan.row)) giveRoomWishes(rng, rows, names);
  }
}

/** A paid fee: the event's price, paid some hours after registering (before the event, never ahead of now). */
function recordPayment(rng: Rng, plan: DemoEvent, r: RegistrationInsert, now: Date): void {
  if (r.paymentStatus === 'pending') return;
  const price = totalPrice(plan.row);
  const registeredAt = r.registeredAt!.getTime();
  const latest = Math.min(plan.row.startTime.getTime() - HOUR, now.getTime());
  r.amountPaid = price;
  r.amountRefunded = r.paymentStatus === 'refunded' ? price : 0;
  r.paidAt = new Date(Math.max(registeredAt, Math.min(latest, registeredAt + rng.int(1, 72) * HOUR)));
}

/** Room wishes on a trip: a single room, sharing with anyone, or two members who name each other. */
function giveRoomWishes(rng: Rng, rows: RegistrationInsert[], names: Map<string, string>): void {
  const open = rows.filter((r) => r.status !== 'cancelled');
  for (const r of open) {
    if (r.roomWish || !rng.chance(0.75)) continue;
    const draw = rng.next();
    const partner = draw < 0.25 ? open.find((o) => o !== r && !o.roomWish) : undefined;
    if (partner) {
      r.roomWish = 'shared_with';
      r.roomMateName = names.get(partner.userId) ?? null;
      partner.roomWish = 'shared_with';
      partner.roomMateName = names.get(r.userId) ?? null;
    } else {
      r.roomWish = draw < 0.6 ? 'shared' : 'single';
    }
  }
}
