import { Signer } from '@fastify/cookie';

/** Valid session cookies remembered per instance (a few MB at most). */
const MAX_REMEMBERED = 10_000;

/**
 * The session cookie's signer (HMAC-SHA256 with the session secret, @fastify/cookie's format) that
 * remembers the cookies it has found valid: checking a member's cookie on every request was an HMAC
 * that, with signing the same id again, was a tenth of a logged-in GET (issue 17). Only
 * valid signatures are remembered, so forged cookies neither fill the memory nor push real ones out;
 * a new visitor's never-saved session id is signed without being remembered.
 *
 * With several secrets (SESSION_SECRET rotated) the first signs and each verifies; a cookie signed with
 * an older one answers `renew: true` (the session plugin signs it anew) and is not remembered.
 */
export function rememberingSigner(secrets: string | readonly string[]) {
  const signer = new Signer(typeof secrets === 'string' ? secrets : [...secrets], 'sha256');
  const idOf = new Map<string, string>(); // signed cookie value → session id
  const cookieOf = new Map<string, string>(); // session id → signed cookie value
  return {
    sign(id: string): string {
      return cookieOf.get(id) ?? signer.sign(id);
    },
    unsign(cookie: string): { valid: boolean; renew: boolean; value: string | null } {
      const id = idOf.get(cookie);
      if (id !== undefined) return { valid: true, renew: false, value: id };
      const result = signer.unsign(cookie);
      if (result.valid && !result.renew && result.value !== null) {
        idOf.set(cookie, result.value);
        cookieOf.set(result.value, cookie);
        // Insertion order: the oldest go first.
        while (idOf.size > MAX_REMEMBERED) {
          const [oldCookie, oldId] = idOf.entries().next().value as [string, string];
          idOf.delete(oldCookie);
          cookieOf.delete(oldId);
        }
      }
      return result;
    },
  };
}
