import { COUNTIES } from '../regions';

/**
 * 'Samåkning' matching by place (issue 30). common/regions.ts has each municipality's county but no
 * neighbours, so "the same or a neighbouring municipality" is read as the same municipality or another
 * one in the same county (docs/product.md says so). Pure: the server orders the list with it, the
 * client shows the same words.
 */

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

// Exact (case-insensitive) names first; a folded name only where it is unambiguous (Håbo/Habo differ).
const byLower = new Map<string, { name: string; county: string }>();
const byFolded = new Map<string, { name: string; county: string } | null>();
for (const c of COUNTIES) {
  for (const m of c.municipalities) {
    const entry = { name: m, county: c.code };
    byLower.set(m.toLowerCase(), entry);
    const f = fold(m);
    byFolded.set(f, byFolded.has(f) ? null : entry);
  }
}

/** The municipality a member typed or chose, by its canonical name and county; null when not one. */
export function findMunicipality(place: string): { name: string; county: string } | null {
  const p = place.trim().replace(/\s+/g, ' ');
  return byLower.get(p.toLowerCase()) ?? byFolded.get(fold(p)) ?? null;
}

/** The county's name of a municipality ('Stockholms län'); null for an unknown place. */
export function countyNameOf(place: string): string | null {
  const m = findMunicipality(place);
  return m ? (COUNTIES.find((c) => c.code === m.county)?.name ?? null) : null;
}

/** How near two places are: the same municipality, the same county ("neighbouring"), or neither. */
export type PlaceMatch = 'same' | 'near' | null;

export function placeMatch(a: string, b: string): PlaceMatch {
  const ma = findMunicipality(a);
  const mb = findMunicipality(b);
  if (!ma || !mb) return null;
  if (ma.name === mb.name) return 'same';
  return ma.county === mb.county ? 'near' : null;
}

export interface MatchableRide {
  id: number;
  userId: string;
  kind: 'offer' | 'request';
  from: string;
  departAt: string | Date;
}

/**
 * Whether `ride` matches one of the caller's own rides: an offer for their request or a request for
 * their offer, from the same municipality or the same county. The caller's own rides never match.
 */
export function rideMatch(ride: MatchableRide, own: readonly MatchableRide[]): PlaceMatch {
  let best: PlaceMatch = null;
  for (const o of own) {
    if (o.id === ride.id || o.userId === ride.userId || o.kind === ride.kind) continue;
    const m = placeMatch(o.from, ride.from);
    if (m === 'same') return 'same';
    if (m === 'near') best = 'near';
  }
  return best;
}

const rank = (m: PlaceMatch) => (m === 'same' ? 0 : m === 'near' ? 1 : 2);
const time = (d: string | Date) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/**
 * The list a member sees: rides matching theirs first (same municipality before same county), then the
 * rest; within each, by departure, then by id. Deterministic.
 */
export function orderRides<R extends MatchableRide>(
  rides: readonly R[],
  callerId: string,
): (R & { match: PlaceMatch })[] {
  const own = rides.filter((r) => r.userId === callerId);
  return rides
    .map((r) => ({ ...r, match: r.userId === callerId ? null : rideMatch(r, own) }))
    .sort((a, b) => rank(a.match) - rank(b.match) || time(a.departAt) - time(b.departAt) || a.id - b.id);
}
