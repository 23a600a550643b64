import { describe, expect, it } from 'vitest';
import { msg } from '../messages';
import { cardNumberError, passesLuhn } from './card-number';

describe('the test payment form card number', () => {
  it("accepts Stripe's test cards, spaced or dashed", () => {
    for (const card of [
      '4242 4242 4242 4242',
      '4242424242424242',
      '4000-0000-0000-0002',
      '5555 5555 5555 4444',
    ])
      expect(cardNumberError(card)).toBeNull();
  });

  it('refuses letters, wrong lengths and a wrong check digit', () => {
    for (const card of [
      'abc',
      '',
      '4242 4242 4242 424x',
      '4242',
      '4242 4242 4242 4241',
      '4'.repeat(20),
      '0000 0000 0000',
    ])
      expect(cardNumberError(card)).toBe(msg.cardNumberInvalid);
  });

  it('computes Luhn as ISO/IEC 7812 does', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});
