import type { FullUser } from '../../common/schemas/users';

/**
 * Saves the bench member's profile through the API (`PUT /api/users/{id}`): a real change of a member,
 * which moves the users change counter, so the next directory search is not served from the cache.
 * `i` makes each save differ.
 */
export function saveProfile(baseUrl: string, cookie: string, me: FullUser, i: number): Promise<Response> {
  return fetch(`${baseUrl}/api/users/${me.id}`, {
    method: 'PUT',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: me.firstName,
      lastName: me.lastName,
      email: me.email,
      handicap: me.handicap,
      golfId: '700101-001',
      club: me.club ?? 'Bench GK',
      gender: me.gender ?? 'female',
      birthDate: '1970-01-01',
      civilStatus: 'single',
      children: 'Inga',
      profession: `Bench ${i}`,
      dream: 'Albatross',
      location: me.location ?? 'Umeå',
      interests: 'Golf',
      meetupInterests: ['Fika', 'Film', 'Resor'],
      lookingFor: ['Partner'],
    }),
  });
}
