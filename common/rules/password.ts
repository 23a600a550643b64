import { PASSWORD_MAX, PASSWORD_MIN } from '../limits';

/**
 * Why a new password is too weak, or null (Swedish). The one rule for sign-up, reset and change,
 * on the issuer's pages, the server and the profile form.
 */
export function passwordWeakness(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN) return `Lösenordet måste vara minst ${PASSWORD_MIN} tecken.`;
  if (password.length > PASSWORD_MAX) return `Lösenordet får vara högst ${PASSWORD_MAX} tecken.`;
  if (!/[a-zåäö]/i.test(password) || !/[0-9]/.test(password)) {
    return 'Lösenordet måste innehålla både bokstäver och siffror.';
  }
  const local = email.split('@')[0]?.toLowerCase();
  if (local && local.length >= 3 && password.toLowerCase().includes(local)) {
    return 'Lösenordet får inte innehålla din e-postadress.';
  }
  if (/^(.)\1+$/.test(password) || ['12345678', 'password1', 'losenord1'].includes(password.toLowerCase())) {
    return 'Lösenordet är för lätt att gissa.';
  }
  return null;
}
