import { paymentFigures } from '@common/rules/payment-figures';
import type { UpcomingEvent } from '@common/schemas/upcoming-events';
import { stockholmClock } from '@common/time';
import type { UpcomingRegistrationRow } from './upcoming.queries';

/** One row of GET /api/me/upcoming-events: the member's place, what is left to pay, the published group. */
export function presentUpcomingEvent(r: UpcomingRegistrationRow): UpcomingEvent {
  const { status } = r;
  return {
    registrationId: r.registrationId,
    status,
    position: status === 'waitlisted' ? r.position : null,
    offerExpiresAt: status === 'offered' && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
    paymentStatus: r.paymentStatus,
    amountToPay: paymentFigures(r.event.price, { ...r, status }).due,
    event: {
      ...r.event,
      startTime: r.event.startTime.toISOString(),
      endTime: r.event.endTime.toISOString(),
    },
    group:
      r.groupName === null
        ? null
        : {
            name: r.groupName,
            teeTime: r.teeTime ? r.teeTime.toISOString() : null,
            teeTimeLocal: r.teeTime ? stockholmClock(r.teeTime) : null,
            startingHole: r.startingHole,
          },
  };
}
