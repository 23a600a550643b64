import type { LiveRegistrationStatus, PaymentStatus } from '../options';
import { formatKr } from './money';

/** What the member's own live registration says about their place (GET /api/me/upcoming-events). */
export interface MyPlace {
  status: LiveRegistrationStatus;
  /** 1-based place on the reservlista while waitlisted. */
  position: number | null;
  offerExpiresAt: string | null;
}

/** The short badge on cards and in the calendar: 'Anmäld', 'Reservlista nr 3', 'Erbjuden plats'. */
export function myPlaceBadge(p: Pick<MyPlace, 'status' | 'position'>): string {
  if (p.status === 'registered') return 'Anmäld';
  if (p.status === 'offered') return 'Erbjuden plats';
  return p.position ? `Reservlista nr ${p.position}` : 'Reservlista';
}

/**
 * The status line of 'Dina kommande evenemang': the badge, and for an offer the time it lasts
 * ('Erbjuden plats till 14 jun 18:00'), with the date written by the caller's formatter.
 */
export function myPlaceStatusText(p: MyPlace, formatWhen: (iso: string) => string): string {
  if (p.status === 'offered' && p.offerExpiresAt)
    return `Erbjuden plats till ${formatWhen(p.offerExpiresAt)}`;
  return myPlaceBadge(p);
}

/**
 * The payment line of a place: 'Att betala 445 kr' (paid on the site), 'Att betala 445 kr – betalas
 * på plats', 'Betald', 'Återbetald'; null when nothing is to pay (the reservlista, a free event).
 */
export function paymentLine(p: {
  status: LiveRegistrationStatus;
  paymentStatus: PaymentStatus;
  amountToPay: number;
  event: { payOnline: boolean };
}): string | null {
  if (p.status === 'waitlisted') return null;
  if (p.amountToPay > 0) {
    return p.event.payOnline
      ? `Att betala ${formatKr(p.amountToPay)}`
      : `Att betala ${formatKr(p.amountToPay)} – betalas på plats`;
  }
  if (p.paymentStatus === 'paid') return 'Betald';
  if (p.paymentStatus === 'refunded') return 'Återbetald';
  return null;
}

/** A published ball group as one line: 'Starttid 09:10 · Boll 2 · Hål 10' (the parts that are set). */
export function teeTimeLine(g: {
  name: string;
  teeTimeLocal: string | null;
  startingHole: number | null;
}): string {
  return [
    g.teeTimeLocal ? `Starttid ${g.teeTimeLocal}` : null,
    g.name,
    g.startingHole ? `Hål ${g.startingHole}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
