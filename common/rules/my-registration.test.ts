import { describe, expect, it } from 'vitest';
import { directionsUrl } from './directions';
import { myPlaceBadge, myPlaceStatusText, paymentLine, teeTimeLine } from './my-registration';

describe('myPlaceBadge and myPlaceStatusText', () => {
  const fmt = (iso: string) => `<${iso}>`;

  it('names a registered place, a reservlista place with its number and an offer', () => {
    expect(myPlaceBadge({ status: 'registered', position: null })).toBe('Anmäld');
    expect(myPlaceBadge({ status: 'waitlisted', position: 3 })).toBe('Reservlista nr 3');
    expect(myPlaceBadge({ status: 'waitlisted', position: null })).toBe('Reservlista');
    expect(myPlaceBadge({ status: 'offered', position: null })).toBe('Erbjuden plats');
  });

  it('says until when an offer lasts', () => {
    const offer = { status: 'offered' as const, position: null, offerExpiresAt: '2026-06-14T16:00:00Z' };
    expect(myPlaceStatusText(offer, fmt)).toBe('Erbjuden plats till <2026-06-14T16:00:00Z>');
    expect(myPlaceStatusText({ ...offer, offerExpiresAt: null }, fmt)).toBe('Erbjuden plats');
    expect(myPlaceStatusText({ status: 'waitlisted', position: 2, offerExpiresAt: null }, fmt)).toBe(
      'Reservlista nr 2',
    );
  });
});

describe('directionsUrl', () => {
  it('builds a Google Maps directions link with the place encoded', () => {
    expect(directionsUrl('Bro Hof Slott GK, Bro')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Bro%20Hof%20Slott%20GK%2C%20Bro',
    );
    const url = new URL(directionsUrl('Åby & Söder  GK\n')!);
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe('Åby & Söder GK');
  });
  it('gives none for an empty place', () => {
    expect(directionsUrl('  ')).toBeNull();
  });
});

describe('paymentLine and teeTimeLine', () => {
  const place = {
    status: 'registered' as const,
    paymentStatus: 'pending' as const,
    amountToPay: 3450,
    event: { payOnline: true },
  };
  it('says what is left to pay and how', () => {
    expect(paymentLine(place)).toBe('Att betala 3\u00a0450 kr');
    expect(paymentLine({ ...place, event: { payOnline: false } })).toBe(
      'Att betala 3\u00a0450 kr – betalas på plats',
    );
    expect(paymentLine({ ...place, amountToPay: 0, paymentStatus: 'paid' })).toBe('Betald');
    expect(paymentLine({ ...place, amountToPay: 0, paymentStatus: 'refunded' })).toBe('Återbetald');
  });
  it('says nothing on the reservlista or for a free event', () => {
    expect(paymentLine({ ...place, status: 'waitlisted', amountToPay: 0 })).toBeNull();
    expect(paymentLine({ ...place, amountToPay: 0 })).toBeNull();
  });
  it('writes the tee time, group and starting hole that are set', () => {
    expect(teeTimeLine({ name: 'Boll 2', teeTimeLocal: '09:10', startingHole: 10 })).toBe(
      'Starttid 09:10 · Boll 2 · Hål 10',
    );
    expect(teeTimeLine({ name: 'Boll 1', teeTimeLocal: null, startingHole: null })).toBe('Boll 1');
  });
});
