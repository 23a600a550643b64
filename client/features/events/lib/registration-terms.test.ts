import { describe, expect, it } from 'vitest';
import { registrationTerms } from './registration-terms';

const now = new Date('2030-06-01T10:00:00Z');
const base = {
  price: 445,
  payOnline: true,
  cancellationDeadline: '2030-06-10T16:00:00Z',
  lateCancellationFee: 200,
};
const text = (terms: ReturnType<typeof registrationTerms>, label: string) =>
  terms.find((t) => t.label === label)?.text;

describe('registrationTerms (the registration dialog, issue 27)', () => {
  it('says the price, that it is paid on the site, and the cancellation deadline with its fee', () => {
    const terms = registrationTerms(base, false, now);
    expect(terms.map((t) => t.label)).toEqual(['Pris', 'Betalning', 'Avbokning']);
    expect(text(terms, 'Pris')).toBe('445 kr');
    expect(text(terms, 'Betalning')).toBe('Du betalar här på sajten, direkt efter anmälan.');
    // 18:00 in Stockholm (summer time).
    expect(text(terms, 'Avbokning')).toBe(
      'Avboka senast 10 juni 2030 kl. 18:00 utan kostnad. Därefter kostar en avbokning 200 kr om ingen från reservlistan tar din plats.',
    );
  });

  it('an event paid at the event says so', () => {
    expect(text(registrationTerms({ ...base, payOnline: false }, false, now), 'Betalning')).toBe(
      'Avgiften betalas på plats.',
    );
  });

  it('on the reservlista the member pays only once given a place', () => {
    expect(text(registrationTerms(base, true, now), 'Betalning')).toBe(
      'Du betalar här på sajten när du har fått en plats från reservlistan.',
    );
  });

  it('past the deadline a cancellation costs the fee at once', () => {
    const late = registrationTerms(base, false, new Date('2030-06-11T10:00:00Z'));
    expect(text(late, 'Avbokning')).toBe(
      'Sista dag för kostnadsfri avbokning har passerat: avbokar du kostar det 200 kr om ingen från reservlistan tar din plats.',
    );
  });

  it('free to cancel without a deadline or a fee; a free event has no payment line', () => {
    expect(text(registrationTerms({ ...base, cancellationDeadline: null }, false, now), 'Avbokning')).toBe(
      'Du kan avboka utan kostnad.',
    );
    expect(text(registrationTerms({ ...base, lateCancellationFee: 0 }, false, now), 'Avbokning')).toBe(
      'Du kan avboka utan kostnad.',
    );
    const free = registrationTerms({ ...base, price: 0 }, false, now);
    expect(free.map((t) => t.label)).toEqual(['Pris', 'Avbokning']);
    expect(text(free, 'Pris')).toBe('Kostnadsfritt');
  });
});
