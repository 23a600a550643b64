import type { PaymentStatus, RegistrationStatus } from '../options';
import { formatKr } from './money';

/** What the member's place costs and how far it is paid, in the words of the event page and 'Mina evenemang'. */
export type PaymentWording =
  /** Paid online and not yet paid: 'Att betala 445 kr' (the page offers 'Betala nu' when it can). */
  | { kind: 'due'; label: string; amount: number }
  /** Paid at the event: 'Betalas på plats, 445 kr'. */
  | { kind: 'on_site'; label: string; amount: number }
  | { kind: 'paid'; label: string; amount: number }
  | { kind: 'refunded'; label: string; amount: number };

type WordingEvent = { price: number; payOnline: boolean };
type WordingRegistration = {
  status: RegistrationStatus;
  paymentStatus: PaymentStatus;
  /** What was paid on the site (0 when an organiser marked it paid, e.g. paid on site). */
  amountPaid?: number | null;
  amountRefunded?: number | null;
};

/**
 * The payment status of a member's place in words a member understands (issue 27), instead of the
 * stored 'pending' / 'paid' / 'refunded' ('EJ BETALD', 'VÄNTANDE'): 'Att betala 445 kr', 'Betalas på
 * plats, 445 kr', 'Betald 445 kr', 'Återbetald 445 kr'. Null when there is nothing to say: a free event
 * not paid for, a place in the queue, or a cancelled registration (its late fee is worded apart).
 */
export function paymentWording(event: WordingEvent, reg: WordingRegistration): PaymentWording | null {
  const paid = reg.amountPaid ?? 0;
  const refunded = reg.amountRefunded ?? 0;
  if (reg.paymentStatus === 'refunded') {
    return {
      kind: 'refunded',
      label: refunded > 0 ? `Återbetald ${formatKr(refunded)}` : 'Återbetald',
      amount: refunded,
    };
  }
  if (reg.paymentStatus === 'paid') {
    // Marked paid by an organiser (money taken at the event): the event's price is what was paid.
    const amount = paid > 0 ? paid : event.price;
    const label = amount > 0 ? `Betald ${formatKr(amount)}` : 'Betald';
    // A part given back (an organiser's partial refund) is said too.
    return {
      kind: 'paid',
      label: refunded > 0 ? `${label}, ${formatKr(refunded)} återbetalt` : label,
      amount,
    };
  }
  if (reg.status !== 'registered' && reg.status !== 'offered') return null;
  if (event.price <= 0) return null;
  if (event.payOnline)
    return { kind: 'due', label: `Att betala ${formatKr(event.price)}`, amount: event.price };
  return { kind: 'on_site', label: `Betalas på plats, ${formatKr(event.price)}`, amount: event.price };
}
