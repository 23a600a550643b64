import { describe, expect, it } from 'vitest';
import { participantCountsText } from './participant-counts';
import { paymentWording } from './payment-wording';

const online = { price: 445, payOnline: true };
const onSite = { price: 445, payOnline: false };
const free = { price: 0, payOnline: true };
const reg = (over: Partial<Parameters<typeof paymentWording>[1]> = {}) => ({
  status: 'registered' as const,
  paymentStatus: 'pending' as const,
  amountPaid: 0,
  amountRefunded: 0,
  ...over,
});

describe('paymentWording: the payment status in a member’s words (issue 27)', () => {
  it('an unpaid place of an event paid online is due', () => {
    expect(paymentWording(online, reg())).toEqual({ kind: 'due', label: 'Att betala 445 kr', amount: 445 });
  });

  it('an offered place is due too (paying accepts the offer)', () => {
    expect(paymentWording(online, reg({ status: 'offered' }))?.label).toBe('Att betala 445 kr');
  });

  it('an event paid at the event says so, with the price', () => {
    expect(paymentWording(onSite, reg())).toEqual({
      kind: 'on_site',
      label: 'Betalas på plats, 445 kr',
      amount: 445,
    });
  });

  it('paid online: the amount paid', () => {
    expect(paymentWording(online, reg({ paymentStatus: 'paid', amountPaid: 445 }))).toEqual({
      kind: 'paid',
      label: 'Betald 445 kr',
      amount: 445,
    });
  });

  it('marked paid by an organiser (nothing paid on the site): the event’s price', () => {
    expect(paymentWording(onSite, reg({ paymentStatus: 'paid', amountPaid: 0 }))?.label).toBe(
      'Betald 445 kr',
    );
  });

  it('money in thousands reads the Swedish way', () => {
    const trip = { price: 3450, payOnline: true };
    expect(paymentWording(trip, reg())?.label).toBe('Att betala 3\u00a0450 kr');
  });

  it('a partial refund is said beside the payment', () => {
    expect(
      paymentWording(online, reg({ paymentStatus: 'paid', amountPaid: 445, amountRefunded: 100 }))?.label,
    ).toBe('Betald 445 kr, 100 kr återbetalt');
  });

  it('refunded, with the amount when known', () => {
    expect(
      paymentWording(online, reg({ paymentStatus: 'refunded', amountPaid: 445, amountRefunded: 445 })),
    ).toEqual({
      kind: 'refunded',
      label: 'Återbetald 445 kr',
      amount: 445,
    });
    expect(paymentWording(onSite, reg({ paymentStatus: 'refunded' }))?.label).toBe('Återbetald');
  });

  it('nothing for a free event, a place in the queue or a cancelled registration', () => {
    expect(paymentWording(free, reg())).toBeNull();
    expect(paymentWording(online, reg({ status: 'waitlisted' }))).toBeNull();
    expect(paymentWording(online, reg({ status: 'cancelled' }))).toBeNull();
  });

  it('never the stored words', () => {
    for (const paymentStatus of ['pending', 'paid', 'refunded'] as const) {
      for (const event of [online, onSite]) {
        const label = paymentWording(event, reg({ paymentStatus }))?.label ?? '';
        expect(label).not.toMatch(/väntande|ej betald|pending/i);
      }
    }
  });
});

describe('participantCountsText: registered and offered apart (issue 27)', () => {
  it('says offered places apart from the registered ones', () => {
    expect(participantCountsText({ registeredCount: 4, offeredCount: 1, waitlistedCount: 0 })).toBe(
      '3 anmälda, 1 erbjuden plats',
    );
    expect(participantCountsText({ registeredCount: 6, offeredCount: 2, waitlistedCount: 0 })).toBe(
      '4 anmälda, 2 erbjudna platser',
    );
  });

  it('names the reservlista only when someone is on it', () => {
    expect(participantCountsText({ registeredCount: 12, offeredCount: 0, waitlistedCount: 2 })).toBe(
      '12 anmälda, 2 på reservlistan',
    );
    expect(participantCountsText({ registeredCount: 5, offeredCount: 0, waitlistedCount: 0 })).toBe(
      '5 anmälda',
    );
    expect(participantCountsText({ registeredCount: 0, offeredCount: 0, waitlistedCount: 0 })).toBe(
      '0 anmälda',
    );
  });

  it('all three at once', () => {
    expect(participantCountsText({ registeredCount: 16, offeredCount: 1, waitlistedCount: 3 })).toBe(
      '15 anmälda, 1 erbjuden plats, 3 på reservlistan',
    );
  });
});

describe('PRO_PRICE_TEXT', () => {
  it('is the Pro price from common/limits per month', async () => {
    const { PRO_PRICE_TEXT } = await import('./pro');
    const { PRO_PRICE_SEK } = await import('../limits');
    expect(PRO_PRICE_TEXT).toBe(`${PRO_PRICE_SEK} kr/mån`);
  });
});
