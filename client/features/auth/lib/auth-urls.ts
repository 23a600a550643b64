/** Login and sign-up go through the server's login address (spec §1). */
export const LOGIN_URL = '/api/login';
export const SIGNUP_URL = '/api/login?screen=signup';
export const LOGOUT_URL = '/api/logout';

/** The login address, coming back to `returnTo` (a same-site path) afterwards. */
export function loginUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return LOGIN_URL;
  return `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}`;
}

/** Full-page navigation to the login address. */
export function goToLogin(returnTo?: string): void {
  window.location.assign(loginUrl(returnTo));
}
