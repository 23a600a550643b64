import { formatDate, formatTime } from '@client/lib/dates';
import { formatKr } from '@client/lib/format';
import { isLateCancellation } from '@common/rules/event-registration';
import { WORDS } from '@common/vocabulary';

type TermsEvent = {
  price: number;
  payOnline: boolean;
  cancellationDeadline: string | null;
  lateCancellationFee: number;
};

/** One line of what a registration costs and binds the member to, as the dialog shows it. */
export interface RegistrationTerm {
  label: 'Pris' | 'Betalning' | 'Avbokning';
  text: string;
}

const when = (iso: string) => `${formatDate(iso)} kl. ${formatTime(iso)}`;

/**
 * What the registration dialog says before 'Slutför anmälan' (issue 27): the price, whether the fee is
 * paid on the site or at the event, and the cancellation terms (the deadline, the late fee). `full`: the
 * member joins the reservlista and pays only once given a place.
 */
export function registrationTerms(e: TermsEvent, full: boolean, now = new Date()): RegistrationTerm[] {
  const terms: RegistrationTerm[] = [
    { label: 'Pris', text: e.price > 0 ? formatKr(e.price) : 'Kostnadsfritt' },
  ];
  if (e.price > 0) {
    const text = !e.payOnline
      ? 'Avgiften betalas på plats.'
      : full
        ? `Du betalar här på sajten när du har fått en plats från ${WORDS.theWaitlist}.`
        : 'Du betalar här på sajten, direkt efter anmälan.';
    terms.push({ label: 'Betalning', text });
  }
  terms.push({ label: 'Avbokning', text: cancellationText(e, now) });
  return terms;
}

function cancellationText(e: TermsEvent, now: Date): string {
  const fee = e.lateCancellationFee;
  if (!e.cancellationDeadline || fee <= 0) return 'Du kan avboka utan kostnad.';
  const feeText = `${formatKr(fee)} om ingen från ${WORDS.theWaitlist} tar din plats`;
  if (isLateCancellation(e, now)) {
    return `Sista dag för kostnadsfri avbokning har passerat: avbokar du kostar det ${feeText}.`;
  }
  return `Avboka senast ${when(e.cancellationDeadline)} utan kostnad. Därefter kostar en avbokning ${feeText}.`;
}
