import { describe, expect, it } from 'vitest';
import { handMarkAmounts, paymentFigures, type RegistrationMoney } from './payment-figures';

const base: RegistrationMoney = {
  status: 'registered',
  paymentStatus: 'pending',
  amountDue: 0,
  amountPaid: 0,
  amountRefunded: 0,
};
const now = new Date('2030-05-02T08:00:00Z');

describe('paymentFigures', () => {
  it('owes the price while a place is held and unpaid, never while waitlisted or cancelled', () => {
    expect(paymentFigures(445, base)).toEqual({ paid: 0, refunded: 0, net: 0, due: 445 });
    expect(paymentFigures(445, { ...base, status: 'offered' }).due).toBe(445);
    expect(paymentFigures(445, { ...base, status: 'waitlisted' }).due).toBe(0);
    expect(paymentFigures(445, { ...base, status: 'cancelled' }).due).toBe(0);
  });

  it('keeps paid − refunded as net and adds a late-cancellation fee to what is due', () => {
    const paid = { ...base, paymentStatus: 'paid' as const, amountPaid: 445, amountRefunded: 100 };
    expect(paymentFigures(445, paid)).toEqual({ paid: 445, refunded: 100, net: 345, due: 0 });
    const late = { ...base, status: 'cancelled' as const, amountDue: 200 };
    expect(paymentFigures(445, late).due).toBe(200);
  });
});

describe('handMarkAmounts', () => {
  it("'paid' records the price as paid now; an amount already recorded and its time are kept", () => {
    expect(handMarkAmounts('paid', { amountPaid: 0, paidAt: null }, 445, now)).toEqual({
      amountPaid: 445,
      amountRefunded: 0,
      paidAt: now,
    });
    const earlier = new Date('2030-04-01T10:00:00Z');
    expect(handMarkAmounts('paid', { amountPaid: 400, paidAt: earlier }, 445, now)).toEqual({
      amountPaid: 400,
      amountRefunded: 0,
      paidAt: earlier,
    });
  });

  it("'refunded' pays all of it back, 'pending' undoes the mark", () => {
    expect(handMarkAmounts('refunded', { amountPaid: 445, paidAt: now }, 445, now)).toEqual({
      amountPaid: 445,
      amountRefunded: 445,
      paidAt: now,
    });
    expect(handMarkAmounts('refunded', { amountPaid: 0, paidAt: null }, 300, now)).toMatchObject({
      amountPaid: 300,
      amountRefunded: 300,
    });
    expect(handMarkAmounts('pending', { amountPaid: 445, paidAt: now }, 445, now)).toEqual({
      amountPaid: 0,
      amountRefunded: 0,
      paidAt: null,
    });
  });

  it('never makes a status and amounts that disagree', () => {
    for (const to of ['pending', 'paid', 'refunded'] as const) {
      for (const amountPaid of [0, 445]) {
        const a = handMarkAmounts(to, { amountPaid, paidAt: amountPaid ? now : null }, 445, now);
        const f = paymentFigures(445, { ...base, paymentStatus: to, ...a });
        expect(f.net).toBe(to === 'paid' ? 445 : 0);
        expect(f.due).toBe(to === 'pending' ? 445 : 0);
        expect(a.amountRefunded).toBeLessThanOrEqual(a.amountPaid);
      }
    }
  });
});
