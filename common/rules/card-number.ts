import { CARD_DIGITS_MAX, CARD_DIGITS_MIN } from '../limits';

import { msg } from '../messages';

/** A card number's digits, without the spaces and dashes people type between groups; null for anything else. */
export function cardDigits(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : null;
}

/** The Luhn check digit test every payment card number passes (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Why a card number typed in the test payment form cannot be a card (13–19 digits that pass Luhn, as a
 * real form checks before asking the bank), or null. The test cards 4242 4242 4242 4242 and
 * 4000 0000 0000 0002 pass.
 */
export function cardNumberError(input: string): string | null {
  const digits = cardDigits(input);
  if (!digits || digits.length < CARD_DIGITS_MIN || digits.length > CARD_DIGITS_MAX || !passesLuhn(digits))
    return msg.cardNumberInvalid;
  return null;
}
