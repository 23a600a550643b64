/** Whole kronor the Swedish way: '1 200 kr'. */
export function formatKr(amount: number): string {
  return `${amount.toLocaleString('sv-SE')} kr`;
}
