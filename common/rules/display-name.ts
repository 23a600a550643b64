/** Name fields a member record may carry. */
export interface NameFields {
  id?: string | number;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  username?: string | null;
  email?: string | null;
}

/** Participant name (spec §2): first plus last, else fullName, firstName, username, 'Användare {id}'. */
export function displayName(u: NameFields): string {
  if (u.firstName && u.lastName) return `${u.firstName} ${u.lastName}`;
  return u.fullName || u.firstName || u.username || `Användare ${u.id ?? ''}`.trim();
}

/** Avatar fallback initial (spec §2 header): first letter of firstName, else e-mail, else 'U'. */
export function avatarInitial(u: NameFields): string {
  const source = u.firstName || u.email || 'U';
  return source.charAt(0).toUpperCase();
}

/** fullName is derived from first and last name (spec §3). */
export function deriveFullName(firstName?: string | null, lastName?: string | null): string | null {
  const name = [firstName?.trim(), lastName?.trim()].filter(Boolean).join(' ');
  return name || null;
}
