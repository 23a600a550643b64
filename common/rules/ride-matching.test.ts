import { describe, expect, it } from 'vitest';
import { countyNameOf, findMunicipality, orderRides, placeMatch, rideMatch } from './ride-matching';

const ride = (id: number, userId: string, kind: 'offer' | 'request', from: string, departAt: string) => ({
  id,
  userId,
  kind,
  from,
  departAt,
});

describe('ride matching by place', () => {
  it('finds municipalities regardless of case, spaces and unambiguous accents', () => {
    expect(findMunicipality('  göteborg ')).toEqual({ name: 'Göteborg', county: '14' });
    expect(findMunicipality('Goteborg')?.name).toBe('Göteborg');
    expect(findMunicipality('Håbo')?.county).toBe('03');
    expect(findMunicipality('Habo')?.county).toBe('06');
    expect(findMunicipality('Atlantis')).toBeNull();
    expect(countyNameOf('Täby')).toBe('Stockholms län');
  });

  it('matches the same municipality, a municipality of the same county, and nothing else', () => {
    expect(placeMatch('Täby', 'täby')).toBe('same');
    expect(placeMatch('Täby', 'Stockholm')).toBe('near');
    expect(placeMatch('Täby', 'Uppsala')).toBeNull();
    expect(placeMatch('Täby', 'Nowhere')).toBeNull();
  });

  it('matches only the opposite kind of another member', () => {
    const mine = [ride(1, 'me', 'request', 'Täby', '2027-06-01T07:00:00Z')];
    expect(rideMatch(ride(2, 'x', 'offer', 'Täby', '2027-06-01T07:00:00Z'), mine)).toBe('same');
    expect(rideMatch(ride(3, 'x', 'request', 'Täby', '2027-06-01T07:00:00Z'), mine)).toBeNull();
    expect(rideMatch(ride(4, 'me', 'offer', 'Täby', '2027-06-01T07:00:00Z'), mine)).toBeNull();
    expect(rideMatch(ride(5, 'x', 'offer', 'Solna', '2027-06-01T07:00:00Z'), mine)).toBe('near');
  });

  it('orders matches first (same before near), then by departure and id', () => {
    const rides = [
      ride(1, 'a', 'offer', 'Uppsala', '2027-06-01T06:00:00Z'),
      ride(2, 'b', 'offer', 'Solna', '2027-06-01T09:00:00Z'),
      ride(3, 'c', 'offer', 'Täby', '2027-06-01T10:00:00Z'),
      ride(4, 'me', 'request', 'Täby', '2027-06-01T08:00:00Z'),
      ride(5, 'd', 'offer', 'Solna', '2027-06-01T09:00:00Z'),
    ];
    const out = orderRides(rides, 'me');
    expect(out.map((r) => [r.id, r.match])).toEqual([
      [3, 'same'],
      [2, 'near'],
      [5, 'near'],
      [1, null],
      [4, null],
    ]);
    // Without own rides nothing matches: plain departure order.
    expect(orderRides(rides, 'nobody').map((r) => r.id)).toEqual([1, 4, 2, 5, 3]);
  });
});
