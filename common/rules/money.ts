/**
 * Whole kronor the Swedish way: '3 450 kr' (a no-break space between thousands, '−' for minus), as
 * toLocaleString('sv-SE') writes them — the one money format of pages, e-mails, exports and PDFs
 * (decisions.md; never '3450 SEK'). Whole numbers are grouped here: a page's first Intl call loads ICU,
 * tens of milliseconds on a phone while the page's prices are hydrated (issue 17).
 */
export function formatKr(amount: number): string {
  if (!Number.isSafeInteger(amount)) return `${amount.toLocaleString('sv-SE')} kr`;
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
  return `${amount < 0 ? '\u2212' : ''}${digits} kr`;
}
