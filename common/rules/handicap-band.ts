import type { HandicapBand } from '../options';

/** Bounds of one directory handicap band: min <= handicap < maxExclusive (either may be open). */
export interface BandBounds {
  min: number | null;
  maxExclusive: number | null;
}

/**
 * The directory's handicap bands (spec §2, §9). Handicaps carry one decimal, so each band runs up to
 * the next band's start (10.9 is in 6-10); plus handicaps (below 0) belong to the best band, 0-5.
 * A member without a handicap is in no band: only 'all' shows them (spec §5).
 */
export const HANDICAP_BAND_BOUNDS: Record<Exclude<HandicapBand, 'all'>, BandBounds> = {
  '0-5': { min: null, maxExclusive: 6 },
  '6-10': { min: 6, maxExclusive: 11 },
  '11-15': { min: 11, maxExclusive: 16 },
  '16-20': { min: 16, maxExclusive: 21 },
  '21+': { min: 21, maxExclusive: null },
};

/** Whether a member's handicap (null when not given) belongs to a directory band. */
export function inHandicapBand(handicap: number | null | undefined, band: HandicapBand): boolean {
  if (band === 'all') return true;
  if (handicap == null) return false;
  const { min, maxExclusive } = HANDICAP_BAND_BOUNDS[band];
  return (min == null || handicap >= min) && (maxExclusive == null || handicap < maxExclusive);
}
