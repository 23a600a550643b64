import type { FullUser } from '@common/schemas/users';

/** The name shown in the user menu: full or first name, else username, else e-mail. */
export function menuName(user: FullUser): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return user.fullName || full || user.username || user.email || 'Medlem';
}
