import { lookup } from 'node:dns/promises';
import net from 'node:net';

/** Hosts a plain-http push endpoint may name: only this machine (development and tests). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);

/**
 * The browsers' push services, by host: an exact host, or a suffix starting with a dot. Chrome, Edge,
 * Opera and Samsung Internet use Firebase Cloud Messaging (`fcm.googleapis.com`), Firefox Mozilla's
 * autopush (`updates.push.services.mozilla.com`), Safari Apple's (`web.push.apple.com`), and older Edge
 * Windows Push Notification Services (`*.notify.windows.com`).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

const isPushServiceHost = (host: string) =>
  PUSH_SERVICE_HOSTS.some((h) =>
    h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h,
  );

/**
 * Whether the server may send push messages to this endpoint. In production only https to a browser's
 * push service (PUSH_SERVICE_HOSTS, on the standard port, no trailing dot, no credentials): a member
 * cannot point the server at this machine, an internal name, or a name of their own that resolves to
 * either (`localhost.`, `*.nip.io`). Outside production (tests, a developer's machine) any https
 * endpoint and http to a loopback host (a local push service) are taken.
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
  if (options.production) return url.protocol === 'https:' && url.port === '' && isPushServiceHost(host);
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(host);
}

/** Addresses no push service has: this machine, private networks, link-local, shared, reserved. */
const NOT_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 96], // unspecified, loopback (::1) and IPv4-compatible
  ['64:ff9b::', 96], // NAT64 (an IPv4 address behind it)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

/**
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d), refused whatever IPv4 address they carry. A list of its
 * own: BlockList checks an IPv4 address against IPv6 rules in its mapped form, so in NOT_PUBLIC this
 * rule would refuse every IPv4 address.
 */
const MAPPED = new net.BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** Whether an IP address is a public one (not loopback, private, link-local, CGNAT, unspecified, ULA, mapped...). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && MAPPED.check(address, 'ipv6')) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** One address a host name resolves to (as `dns.lookup` with `all: true` answers). */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses; the sender's default is the system resolver. */
export type ResolveHost = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Resolves a push endpoint's host right before a message is sent and answers its addresses when every
 * one is public; otherwise (or when it does not resolve) throws PushAddressError. The message then goes
 * to these addresses only, so a name that changes its answer in between (DNS rebinding) gains nothing.
 */
export async function resolvePublicAddresses(host: string, resolve: ResolveHost): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare) ? [{ address: bare, family: net.isIP(bare) }] : await resolve(bare);
  if (addresses.length === 0) throw new PushAddressError(`${host} does not resolve`);
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused)
    throw new PushAddressError(`${host} resolves to ${refused.address}, which is not a public address`);
  return addresses;
}

/** A push endpoint whose host resolves to an address the server does not send to. */
export class PushAddressError extends Error {}

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
