import { formatStockholmLongDate } from '@common/time';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { createNotifications } from './notifications.create';

type Membership = Pick<UserRow, 'id' | 'membershipType' | 'subscriptionStatus' | 'subscriptionPeriodEnd'>;

/** The member's notice for a change of membership, or null when nothing the member sees changed. */
export function subscriptionChangeText(
  before: Membership,
  after: Membership,
): { title: string; body: string } | null {
  if (
    before.membershipType === after.membershipType &&
    before.subscriptionStatus === after.subscriptionStatus
  ) {
    return null;
  }
  const until = after.subscriptionPeriodEnd ? formatStockholmLongDate(after.subscriptionPeriodEnd) : null;
  if (after.membershipType === 'pro' && before.membershipType !== 'pro') {
    return {
      title: 'Välkommen som Pro-medlem',
      body: until ? `Ditt Pro-medlemskap är aktivt och förnyas ${until}.` : 'Ditt Pro-medlemskap är aktivt.',
    };
  }
  if (after.membershipType !== 'pro' && before.membershipType === 'pro') {
    return { title: 'Ditt Pro-medlemskap har upphört', body: 'Du har nu ett gratis medlemskap.' };
  }
  switch (after.subscriptionStatus) {
    case 'cancel_at_period_end':
      return {
        title: 'Ditt Pro-medlemskap är uppsagt',
        body: until ? `Du är Pro-medlem till och med ${until}.` : 'Du är Pro-medlem perioden ut.',
      };
    case 'active':
      return {
        title: 'Ditt Pro-medlemskap fortsätter',
        body: until ? `Ditt Pro-medlemskap förnyas ${until}.` : 'Ditt Pro-medlemskap är aktivt.',
      };
    case 'past_due':
      return {
        title: 'Betalningen av Pro-medlemskapet misslyckades',
        body: 'Vi försöker dra betalningen igen. Kontrollera gärna ditt betalkort.',
      };
    default:
      return null;
  }
}

/** A `subscription_changed` notice in the caller's transaction when the membership changed. */
export async function notifySubscriptionChange(tx: Db, before: Membership, after: Membership): Promise<void> {
  const text = subscriptionChangeText(before, after);
  if (!text) return;
  await createNotifications(tx, [
    {
      userId: after.id,
      type: 'subscription_changed',
      ...text,
      url: '/subscription',
      data: {
        membershipType: after.membershipType,
        subscriptionStatus: after.subscriptionStatus,
        periodEnd: after.subscriptionPeriodEnd?.toISOString() ?? null,
      },
    },
  ]);
}

/** A `payment_received` receipt for a paid Pro invoice (once per provider event). */
export async function notifyPaymentReceived(tx: Db, member: Membership, eventId: string): Promise<void> {
  const until = member.subscriptionPeriodEnd ? formatStockholmLongDate(member.subscriptionPeriodEnd) : null;
  await createNotifications(tx, [
    {
      userId: member.id,
      type: 'payment_received',
      title: 'Betalning mottagen',
      body: until
        ? `Tack! Vi har tagit emot din betalning för Singelgolf Pro. Medlemskapet gäller till ${until}.`
        : 'Tack! Vi har tagit emot din betalning för Singelgolf Pro.',
      url: '/subscription',
      data: { providerEventId: eventId },
      dedupeKey: `payment_received:${eventId}`,
    },
  ]);
}

/** A `payment_received` receipt when an admin marks a member's event registration paid. */
export async function notifyEventPaymentReceived(
  tx: Db,
  registration: { id: number; userId: string },
  event: { id: number; title: string },
): Promise<void> {
  await createNotifications(tx, [
    {
      userId: registration.userId,
      type: 'payment_received',
      title: 'Betalning mottagen',
      body: `Tack! Din betalning för ${event.title} är registrerad.`,
      url: `/events/${event.id}`,
      data: { eventId: event.id, registrationId: registration.id },
    },
  ]);
}
