import { safeReturnTo } from '@common/rules/safe-return-to';

/**
 * A `returnTo` from the address bar as a path on this site, else '/' (common/rules/safe-return-to.ts,
 * the server's own rule): a link from elsewhere can never send a member off the site after paying.
 */
export function returnToHere(value: string | null | undefined): string {
  if (typeof window === 'undefined') return '/';
  return safeReturnTo(value, window.location.origin);
}
