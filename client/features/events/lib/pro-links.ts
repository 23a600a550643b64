/**
 * /subscribe, coming back to `returnTo` (a same-site path, the event the member wanted to join) once Pro
 * is paid for (issue 27). /subscribe and the server check the path again.
 */
export function subscribeUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return '/subscribe';
  return `/subscribe?returnTo=${encodeURIComponent(returnTo)}`;
}
