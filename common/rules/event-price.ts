/** Fee fields that decide an event's total price. */
export interface PriceFields {
  registrationFee?: number | null;
  greenFee?: number | null;
  greenFeeIncluded?: boolean | null;
}

/**
 * Total price (spec §5): registration fee plus green fee when the green fee is
 * not included; when it is included the green fee is cleared and the total is
 * the registration fee alone.
 */
export function totalPrice(p: PriceFields): number {
  const reg = p.registrationFee ?? 0;
  return p.greenFeeIncluded ? reg : reg + (p.greenFee ?? 0);
}
