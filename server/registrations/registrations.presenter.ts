import { canPayEventFee } from '@common/rules/event-payment';
import type { MyRegistration, Registration, UserRegistration } from '@common/schemas/registrations';
import { stockholmClock } from '@common/time';
import { type Actor, isAdmin } from '../auth/auth.policy';
import { presentPublicUser } from '../auth/users.presenter';
import { presentEvent } from '../events/events.presenter';
import type { EventWithCounts } from '../events/events.queries';
import { canSeeRegistrationPrivate } from './registrations.policy';
import type { RegistrationRow, RegistrationWithUser } from './registrations.queries';

/** The ball group a member's registration shows (a row of ball-groups, which sits above registrations). */
export interface RegistrationGroup {
  id: number;
  name: string;
  teeTime: Date | null;
  startingHole: number | null;
}

/**
 * A registration as listed to `actor` (a logged-in member: visitors see counts only, decisions.md).
 * Co-participants see name, town, profile and status; payment, dietary preferences, notes, Golf-ID and
 * birth date only the registration's own member and admins. The ball group: admins always, members
 * once the event's groups are published (`groupsPublished`).
 */
export function presentRegistration(
  r: RegistrationWithUser,
  actor: Actor | null,
  opts: { groupsPublished?: boolean } = {},
): Registration {
  const priv = canSeeRegistrationPrivate(actor, r.userId);
  const user = priv
    ? { ...presentPublicUser(r.user), golfId: r.user.golfId, birthDate: r.user.birthDate }
    : presentPublicUser(r.user);
  return {
    id: r.id,
    eventId: r.eventId,
    userId: r.userId,
    registeredAt: r.registeredAt.toISOString(),
    status: r.status,
    paymentStatus: priv ? r.paymentStatus : null,
    dietaryPreferences: priv ? r.dietaryPreferences : null,
    notes: priv ? r.notes : null,
    golfId: priv ? r.golfId : null,
    handicap: r.handicap,
    groupId: isAdmin(actor) || (actor && opts.groupsPublished) ? r.groupId : null,
    user,
    offerExpiresAt: r.status === 'offered' && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
    cancelledAt: priv && r.cancelledAt ? r.cancelledAt.toISOString() : null,
    lateCancellation: priv ? r.lateCancellation : null,
    amountDue: priv ? r.amountDue : null,
    attendance: priv ? r.attendance : null,
    amountPaid: priv ? r.amountPaid : null,
    amountRefunded: priv ? r.amountRefunded : null,
    paidOnline: priv ? r.paymentIntentId !== null : null,
    roomWish: priv ? r.roomWish : null,
    roomMateName: priv ? r.roomMateName : null,
    roomMateId: priv ? r.roomMateId : null,
    roomMixedOk: priv ? r.roomMixedOk : null,
  };
}

/**
 * One item of a member's own registration list, with its event; the ball group (name, tee time,
 * starting hole) once the event's groups are published, or always for an admin.
 */
export function presentUserRegistration(
  r: RegistrationRow,
  event: EventWithCounts,
  ctx: { actor?: Actor | null; group?: RegistrationGroup } = {},
): UserRegistration {
  const group = ctx.group && (event.ballGroupsPublishedAt || isAdmin(ctx.actor)) ? ctx.group : null;
  return {
    id: r.id,
    eventId: r.eventId,
    registeredAt: r.registeredAt.toISOString(),
    status: r.status,
    paymentStatus: r.paymentStatus,
    groupId: group ? group.id : null,
    group: group
      ? {
          id: group.id,
          name: group.name,
          teeTime: group.teeTime ? group.teeTime.toISOString() : null,
          teeTimeLocal: group.teeTime ? stockholmClock(group.teeTime) : null,
          startingHole: group.startingHole,
        }
      : null,
    dietaryPreferences: r.dietaryPreferences,
    notes: r.notes,
    offerExpiresAt: r.status === 'offered' && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
    amountDue: r.amountDue,
    lateCancellation: r.lateCancellation,
    amountPaid: r.amountPaid,
    amountRefunded: r.amountRefunded,
    canPay: canPayEventFee(event, r),
    event: presentEvent(event, event),
  };
}

/**
 * GET /api/events/{id}/registration: the member's own registration, where it stands in the queue, an
 * offer's expiry, what is due and whether the fee can be paid on the site now.
 */
export function presentMyRegistration(
  r: RegistrationRow,
  event: { payOnline: boolean; price: number },
  position: number | null,
): MyRegistration {
  return {
    id: r.id,
    status: r.status,
    registeredAt: r.registeredAt.toISOString(),
    position: r.status === 'waitlisted' ? position : null,
    offerExpiresAt: r.status === 'offered' && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
    paymentStatus: r.paymentStatus,
    amountDue: r.amountDue,
    lateCancellation: r.lateCancellation,
    attendance: r.attendance,
    amountPaid: r.amountPaid,
    amountRefunded: r.amountRefunded,
    canPay: canPayEventFee(event, r),
  };
}
