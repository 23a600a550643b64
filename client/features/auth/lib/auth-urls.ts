/** Login and sign-up go through the server's login address (spec §1). */
export const LOGIN_URL = '/api/login';
export const SIGNUP_URL = '/api/login?screen=signup';
export const LOGOUT_URL = '/api/logout';

/** The login address, coming back to `returnTo` (a same-site path) afterwards. */
export function loginUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return LOGIN_URL;
  return `${LOGIN_URL}?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * The sign-up address, coming back to `returnTo` (a same-site path) once the new member has followed
 * the confirmation link (issue 27: back to the event they wanted to join). The server checks the path.
 */
export function signupUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return SIGNUP_URL;
  return `${SIGNUP_URL}&returnTo=${encodeURIComponent(returnTo)}`;
}

/** Full-page navigation to the login address. */
export function goToLogin(returnTo?: string): void {
  window.location.assign(loginUrl(returnTo));
}
