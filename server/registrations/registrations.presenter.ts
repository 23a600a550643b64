import { canPayEventFee } from '@common/rules/event-payment';
import type { MyRegistration, Registration, UserRegistration } from '@common/schemas/registrations';
import type { Actor } from '../auth/auth.policy';
import { presentEvent } from '../events/events.presenter';
import type { EventWithCounts } from '../events/events.queries';
import { presentPublicUser } from '../members/members.presenter';
import { canSeeRegistrationPrivate } from './registrations.policy';
import type { RegistrationRow, RegistrationWithUser } from './registrations.queries';

/**
 * A registration as listed to `actor`. Dietary preferences and notes only for
 * admins and the member; a visitor sees the name and town of participants, not
 * their golf or personal details.
 */
export function presentRegistration(r: RegistrationWithUser, actor: Actor | null): Registration {
  const priv = canSeeRegistrationPrivate(actor, r.userId);
  const user = presentPublicUser(r.user);
  const visibleUser = actor
    ? user
    : {
        ...user,
        handicap: null,
        golfId: null,
        age: null,
        birthDate: null,
        civilStatus: null,
        children: null,
        profession: null,
        dream: null,
        lifeCircumstance: null,
        interests: null,
        meetupInterests: [],
        lookingFor: [],
        hasGolfstarMembership: false,
        hasGolfamoreCard: false,
      };
  return {
    id: r.id,
    eventId: r.eventId,
    userId: r.userId,
    registeredAt: r.registeredAt.toISOString(),
    status: r.status,
    paymentStatus: r.paymentStatus,
    dietaryPreferences: priv ? r.dietaryPreferences : null,
    notes: priv ? r.notes : null,
    golfId: actor ? r.golfId : null,
    handicap: actor ? r.handicap : null,
    groupId: r.groupId,
    user: visibleUser,
    offerExpiresAt: r.status === 'offered' && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
    cancelledAt: priv && r.cancelledAt ? r.cancelledAt.toISOString() : null,
    lateCancellation: priv ? r.lateCancellation : null,
    amountDue: priv ? r.amountDue : null,
    attendance: priv ? r.attendance : null,
    amountPaid: priv ? r.amountPaid : null,
    amountRefunded: priv ? r.amountRefunded : null,
  };
}

/** One item of a member's own registration list, with its event. */
export function presentUserRegistration(r: RegistrationRow, event: EventWithCounts): UserRegistration {
  return {
    id: r.id,
    eventId: r.eventId,
    registeredAt: r.registeredAt.toISOString(),
    status: r.status,
    paymentStatus: r.paymentStatus,
    groupId: r.groupId,
    dietaryPreferences: r.dietaryPreferences,
    notes: r.notes,
    offerExpiresAt: r.status === 'offered' && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
    amountDue: r.amountDue,
    lateCancellation: r.lateCancellation,
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
