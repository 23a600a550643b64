import type { PaymentStatus, RegistrationStatus } from '../options';

/** The money columns of a registration (SEK). */
export interface RegistrationMoney {
  status: RegistrationStatus;
  paymentStatus: PaymentStatus;
  /** The late-cancellation fee still owed (0 once waived or paid). */
  amountDue: number;
  amountPaid: number;
  amountRefunded: number;
}

/** What an organiser's list shows of one registration: paid, refunded, kept (paid − refunded) and due. */
export interface PaymentFigures {
  paid: number;
  refunded: number;
  net: number;
  due: number;
}

/**
 * One registration's figures. `due` is the event's price while the registration holds a place
 * (registered, or offered) and is not paid, plus a late-cancellation fee not yet paid or waived.
 */
export function paymentFigures(price: number, r: RegistrationMoney): PaymentFigures {
  const holdsPlace = r.status === 'registered' || r.status === 'offered';
  const feeDue = holdsPlace && r.paymentStatus === 'pending' ? price : 0;
  return {
    paid: r.amountPaid,
    refunded: r.amountRefunded,
    net: r.amountPaid - r.amountRefunded,
    due: feeDue + r.amountDue,
  };
}

/** The amounts columns a hand-set payment status writes. */
export interface HandMarkAmounts {
  amountPaid: number;
  amountRefunded: number;
  paidAt: Date | null;
}

/**
 * The money that goes with a payment status an admin sets by hand, for a registration not paid on the
 * site (paid at the venue, by Swish or transfer): 'paid' records the event's price as paid (kept if an
 * amount was already recorded) and when; 'refunded' records all of it as paid back; 'pending' undoes a
 * hand mark. So the status and the amounts can never disagree ('Betald' with 0 paid).
 */
export function handMarkAmounts(
  to: PaymentStatus,
  current: { amountPaid: number; paidAt: Date | null },
  price: number,
  now: Date,
): HandMarkAmounts {
  if (to === 'pending') return { amountPaid: 0, amountRefunded: 0, paidAt: null };
  const amountPaid = current.amountPaid > 0 ? current.amountPaid : price;
  const paidAt = current.amountPaid > 0 && current.paidAt ? current.paidAt : now;
  return { amountPaid, amountRefunded: to === 'refunded' ? amountPaid : 0, paidAt };
}
