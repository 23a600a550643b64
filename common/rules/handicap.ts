/**
 * A handicap index as Swedish golfers write it: one decimal with a comma ('18,0', '12,4'), and an index
 * below zero as a plus handicap ('+1,4', never '−1,4': a plus player gives strokes back). Used wherever a
 * handicap is shown: profile, directory, ball groups, the start list PDF.
 */
export function formatHandicap(value: number): string {
  const tenths = Math.round(Math.abs(value) * 10);
  const text = `${Math.floor(tenths / 10)},${tenths % 10}`;
  return value < 0 && tenths > 0 ? `+${text}` : text;
}

/** The same, or null when no handicap is given (the caller shows its own 'Inte angivet'). */
export const formatHandicapOrNull = (value: number | null | undefined): string | null =>
  value == null ? null : formatHandicap(value);

/**
 * A handicap as a member types it, back to the index: '18,4' and '18.4' are 18.4, and as the site writes a
 * plus handicap, '+1,4' is −1.4 (so is '-1,4' or '−1,4'); '' is null. Anything else is NaN, for the
 * schema's message.
 */
export function parseHandicap(text: string): number | null {
  const t = text.trim().replace(/\s+/g, '').replace(',', '.').replace('\u2212', '-');
  if (t === '') return null;
  if (t.startsWith('+')) {
    const n = Number(t.slice(1));
    return t.length > 1 && !t.slice(1).startsWith('-') && Number.isFinite(n)
      ? n === 0
        ? 0
        : -n
      : Number.NaN;
  }
  return Number(t);
}
