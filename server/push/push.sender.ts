import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { PushPayload } from '@common/schemas/notifications';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../db/client';
import {
  isAllowedPushEndpoint,
  PushAddressError,
  type ResolvedAddress,
  type ResolveHost,
  resolvePublicAddresses,
  systemResolve,
} from './push.policy';
import { deleteSubscriptions, markSubscriptionsDelivered, subscriptionsOf } from './push.queries';
import type { PushSender } from './push.types';

/** The server's VAPID key pair (base64url), generated once and kept in `server_secrets` as `vapid_keys`. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSenderOptions {
  db: Db;
  keys: VapidKeys;
  /** Who runs the server, for push services: a `mailto:` or `https:` URL. */
  subject: string;
  log: FastifyBaseLogger;
  /** How long a push service keeps an undelivered message (seconds). */
  ttlSeconds?: number;
  /** How long one request to a push service may take (milliseconds). */
  timeoutMs?: number;
  /**
   * Production: only a browser's push service (`isAllowedPushEndpoint`), and only at public addresses,
   * resolved right before each message and connected to as resolved. Elsewhere a local push service is fine.
   */
  production?: boolean;
  /** Resolves a host to all its addresses (`dns.lookup`, all: true); tests pass their own answers. */
  resolve?: ResolveHost;
  /** Told what came of each message (metrics: `singelgolf_push_messages_total`). */
  onOutcome?: (outcome: Outcome) => void;
}

/** Push services refuse more than about 4 KB of payload; longer texts are shortened. */
const MAX_TITLE = 200;
const MAX_BODY = 1500;

const shorten = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Generates a new VAPID key pair (for `getOrCreateSecret`). */
export function newVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/**
 * The VAPID subject: `mailto:` the sender address of MAIL_FROM (`Name <a@b>` or `a@b`), else the
 * site's https address.
 */
export function vapidSubject(mailFrom: string, publicUrl: string): string {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  if (/^[^\s@<>]+@[^\s@<>]+$/.test(address)) return `mailto:${address}`;
  return publicUrl.startsWith('https:') ? publicUrl : 'mailto:noreply@localhost';
}

export type Outcome = 'delivered' | 'gone' | 'failed';

/** Posts one message and answers the push service's status; `addresses`: connect only to these. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: Buffer | null,
  timeoutMs: number,
  addresses: ResolvedAddress[] | null,
): Promise<number> {
  // The host's name stays in the request (TLS name check, Host header); the connection goes to an address
  // that was checked, never to what a second lookup might answer.
  const pinned: LookupFunction | undefined = addresses
    ? (_host, options, callback) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      }
    : undefined;
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body?.length ?? 0) },
        lookup: pinned,
        // A fresh connection per message, closed after it: nothing keeps a socket to an address found earlier.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        // Redirects are not followed: a 3xx is a failure like any other status.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/**
 * The web push sender behind `app.push`: encrypts the JSON payload per subscription (aes128gcm, RFC 8291)
 * and signs with VAPID (web-push's `generateRequestDetails`), then posts it itself (so a plain-http
 * loopback endpoint works in tests, redirects are not followed and each request has a timeout). In
 * production the endpoint's host is resolved right before each message and the message goes only to
 * public addresses it resolved to.
 * No transaction is open while it waits on the network.
 */
export function createPushSender(options: PushSenderOptions): PushSender {
  const { db, keys, subject, log, production = false, resolve = systemResolve, onOutcome } = options;
  const ttl = options.ttlSeconds ?? 24 * 60 * 60;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };

  async function sendOne(
    sub: { endpoint: string; p256dh: string; auth: string },
    body: string,
  ): Promise<Outcome> {
    const host = safeHost(sub.endpoint);
    try {
      let addresses: ResolvedAddress[] | null = null;
      if (production) {
        // Stored before the rule was this strict: no browser's push service, never sendable.
        if (!isAllowedPushEndpoint(sub.endpoint, { production })) {
          log.warn({ host }, 'push endpoint is not a push service: subscription removed');
          return 'gone';
        }
        addresses = await resolvePublicAddresses(new URL(sub.endpoint).hostname, resolve);
      }
      const details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        body,
        { TTL: ttl, vapidDetails, contentEncoding: 'aes128gcm' },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        // Set from the body by post().
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const status = await post(
        new URL(details.endpoint),
        headers,
        details.body ?? null,
        timeoutMs,
        addresses,
      );
      if (status >= 200 && status < 300) return 'delivered';
      if (status === 404 || status === 410) return 'gone';
      log.warn({ host, status }, 'push service refused a message');
      return 'failed';
    } catch (err) {
      if (err instanceof PushAddressError) {
        log.warn({ host, reason: err.message }, 'push message refused: not a public address');
      } else {
        log.warn({ host, err }, 'push message failed');
      }
      return 'failed';
    }
  }

  return {
    publicKey: keys.publicKey,
    async sendToUser(userId: string, payload: PushPayload) {
      const subs = await subscriptionsOf(db, userId);
      if (subs.length === 0) return { delivered: 0, removed: 0 };
      const body = JSON.stringify({
        id: payload.id,
        title: shorten(payload.title, MAX_TITLE),
        body: shorten(payload.body, MAX_BODY),
        url: payload.url,
      } satisfies PushPayload);
      const outcomes = await Promise.all(subs.map((s) => sendOne(s, body)));
      for (const outcome of outcomes) onOutcome?.(outcome);
      const delivered = subs.filter((_, i) => outcomes[i] === 'delivered').map((s) => s.id);
      const gone = subs.filter((_, i) => outcomes[i] === 'gone').map((s) => s.id);
      try {
        await markSubscriptionsDelivered(db, delivered);
        await deleteSubscriptions(db, gone);
      } catch (err) {
        log.warn({ err }, 'push bookkeeping failed');
      }
      return { delivered: delivered.length, removed: gone.length };
    },
  };
}

/** The endpoint's host for logs (its path is a capability and stays out of them). */
function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
}
