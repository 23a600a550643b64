/** The longest path kept as a place to return to after login. */
export const RETURN_TO_MAX = 500;

/** Backslashes (browsers read them as '/'), whitespace and control characters: never in a path we send back. */
function hasForbidden(value: string): boolean {
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\' || /\s/.test(ch) || code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Where to send a member after login: the given value only when it is a path on this site
 * (decided by `new URL(value, publicUrl)` having the site's origin), else '/'. Refuses anything that
 * is not a plain path (`//host`, `/\host`, `https:`, `javascript:`), backslashes, whitespace and
 * control characters (raw or percent-encoded), and values over RETURN_TO_MAX characters. Answers the
 * normalised path, query and fragment, so what the browser follows is what was checked.
 */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_TO_MAX) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || hasForbidden(value)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return '/';
  }
  if (decoded.startsWith('//') || hasForbidden(decoded)) return '/';
  let site: URL;
  let url: URL;
  try {
    site = new URL(publicUrl);
    url = new URL(value, site);
  } catch {
    return '/';
  }
  if (url.origin !== site.origin) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // '/..//host' normalises to '//host': a path that a browser would read as another host.
  if (!path.startsWith('/') || path.startsWith('//') || path.length > RETURN_TO_MAX) return '/';
  return path;
}
