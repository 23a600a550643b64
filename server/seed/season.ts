/**
 * What kind of golf event a Swedish community holds in a given month, so the demo data looks real on
 * any date: the courses are open April to October (evening rounds after work only May to August, when
 * it is light until nine); from November to March members meet in simulator halls, and trips go abroad
 * (Spain, Portugal).
 */

/** How an event slot is shaped: a day's golf, an evening after work, or a trip with nights away. */
export type SlotFormat = 'day' | 'evening' | 'trip';

export type DemoEventKind =
  | 'day-round'
  | 'evening-round'
  | 'swedish-trip'
  | 'simulator-evening'
  | 'trip-abroad';

/** Month 1–12: whether Swedish courses are open. */
export const isGolfSeason = (month: number): boolean => month >= 4 && month <= 10;

/** Month 1–12: whether it is light enough for nine holes after work (sunset after about 21:00 in Stockholm). */
export const hasLightEvenings = (month: number): boolean => month >= 5 && month <= 8;

/** The kind of demo event for a slot of this format in this month (1–12). */
export function demoEventKind(month: number, format: SlotFormat): DemoEventKind {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month ${month}`);
  if (!isGolfSeason(month)) return format === 'trip' ? 'trip-abroad' : 'simulator-evening';
  if (format === 'trip') return 'swedish-trip';
  if (format === 'evening' && hasLightEvenings(month)) return 'evening-round';
  return 'day-round';
}
