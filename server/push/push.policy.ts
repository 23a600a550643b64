/** Hosts a plain-http push endpoint may name: only this machine (development and tests). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);

/** An IP address written as the host (`10.0.0.5`, `[fd00::1]`): never a push service's name. */
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Whether the server may send push messages to this endpoint. Browsers hand out https URLs of their
 * vendor's push service, always by host name; so in production only https to a named host (not an IP
 * address, not localhost) is taken, which keeps members from pointing the server at this machine or an
 * internal address. Outside production (tests, a developer's machine) http to a loopback host is allowed
 * too, for a local push service.
 */
export function isAllowedPushEndpoint(endpoint: string, options: { production: boolean }): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (options.production) {
    return (
      url.protocol === 'https:' && !IP_LITERAL.test(host) && !LOOPBACK_HOSTS.has(host) && host.includes('.')
    );
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(host);
}

/**
 * Whether the browser's keys have the shape RFC 8291 needs: `p256dh` an uncompressed P-256 point
 * (65 bytes, 0x04 first), `auth` a 16-byte secret, both base64url.
 */
export function hasValidPushKeys(keys: { p256dh: string; auth: string }): boolean {
  const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!b64url.test(keys.p256dh) || !b64url.test(keys.auth)) return false;
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  return p256dh.length === 65 && p256dh[0] === 0x04 && auth.length === 16;
}
