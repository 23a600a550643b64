import type { RegistrationStatus } from '../options';

type PayableEvent = { payOnline: boolean; price: number };
type PayableRegistration = { status: RegistrationStatus; paymentStatus: 'pending' | 'paid' | 'refunded' };

/**
 * Whether the event fee can be paid on the site now: the event is paid online with a price above 0 and
 * the registration holds a place (registered, or offered: paying accepts the offer) and is not paid yet.
 */
export function canPayEventFee(event: PayableEvent, reg: PayableRegistration | null | undefined): boolean {
  if (!reg || !event.payOnline || event.price <= 0) return false;
  if (reg.status !== 'registered' && reg.status !== 'offered') return false;
  return reg.paymentStatus === 'pending';
}

/** What may still be refunded of an online payment (SEK). */
export const refundable = (r: { amountPaid: number; amountRefunded: number }): number =>
  Math.max(0, r.amountPaid - r.amountRefunded);
