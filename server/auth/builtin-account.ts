/** The key that links a site user to an account of the built-in issuer, whatever PUBLIC_URL is. */
export const BUILTIN_ISSUER_KEY = 'builtin';

/** The built-in issuer's account id (`idp_accounts.id`) of a site user, or null (external issuer, or none yet). */
export function builtInAccountId(user: {
  oidcIssuer: string | null;
  oidcSubject: string | null;
}): string | null {
  return user.oidcIssuer === BUILTIN_ISSUER_KEY && user.oidcSubject ? user.oidcSubject : null;
}
