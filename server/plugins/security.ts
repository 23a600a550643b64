import { createHash } from 'node:crypto';
import { EARLY_TAP_CATCHER } from '@common/early-taps';
import { msg } from '@common/messages';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { postgresRateLimitStore, sweepRateLimitCounters } from './rate-limit-store';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Requests that come from elsewhere by design (signed webhooks; one-click unsubscribe from mail programs).
const ORIGIN_EXEMPT = ['/api/stripe/webhook', '/api/unsubscribe/'];

/** The origin a request says it comes from (Origin, else Referer), or null. */
function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * The headers helmet sets, computed once. Our policy has no nonces and nothing per request, and
 * @fastify/helmet builds the whole helmet middleware anew on every request (a fifth of the CPU
 * of a cached GET /api/events), so the same library is run once here and its headers reused.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let ok = false;
  // biome-ignore lint/suspicious/noExplicitAny: helmet wants node's request and response; it only sets headers
  helmet(options)({} as any, res as any, (err?: unknown) => {
    if (err) throw err;
    ok = true;
  });
  if (!ok) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** The helmet headers that matter on a script or stylesheet (see registerSecurity). */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/** The helmet headers kept on a JSON answer of the API, besides its own policy (see registerSecurity). */
const API_HEADERS = new Set([...SUBRESOURCE_HEADERS, 'referrer-policy', 'strict-transport-security']);

/**
 * A JSON answer opened as a page may load, run and be framed by nothing (the REST advice of OWASP's
 * cheat sheet): stricter than the app's page policy, and a tenth of its length.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** /api/ addresses with HTML pages of their own (the API documentation, the unsubscribe page): a page's set. */
const API_PAGES = ['/api/docs', '/api/unsubscribe/'];

const isApiAnswer = (url: string) => url.startsWith('/api/') && !API_PAGES.some((p) => url.startsWith(p));

/** The CSP source that allows the inline early-tap catcher (common/early-taps.ts) and nothing else inline. */
export const EARLY_TAP_CATCHER_HASH = `'sha256-${createHash('sha256').update(EARLY_TAP_CATCHER).digest('base64')}'`;

/** Helmet with a CSP the built client works under, origin checks on writes, and rate limits. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const https = app.config.publicUrl.startsWith('https:');
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: a server-rendered page's early-tap catcher, by its hash (issue 33).
        scriptSrc: ["'self'", EARLY_TAP_CATCHER_HASH, 'https://js.stripe.com', 'https://*.js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
        frameSrc: [
          'https://js.stripe.com',
          'https://*.js.stripe.com',
          'https://hooks.stripe.com',
          'https://checkout.stripe.com',
        ],
        mediaSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
  // The built client's hashed scripts and styles get only what applies to a subresource: the policies of
  // a page (CSP, framing, referrer, opener) mean nothing on them, and on HTTP/1.1, where headers are not
  // compressed, they cost a phone over a kilobyte per file (issue 17).
  const only = (names: Set<string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => names.has(name.toLowerCase())));
  const assetHeaders = only(SUBRESOURCE_HEADERS);
  // The API's JSON answers likewise carry what applies to them (no-sniff, resource policy, referrer,
  // HSTS) and a policy of their own instead of the pages' kilobyte of headers, which every API call of a
  // phone paid and the server checked on each answer (issue 17).
  const apiHeaders = { ...only(API_HEADERS), 'content-security-policy': API_CSP, 'x-frame-options': 'DENY' };
  // The hooks every request passes are callback-style, not async: no promise and microtask per hook on the
  // hottest path (issue 17).
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    // An API answer's set depends on what it turns out to be (JSON, or a PDF, an image, a calendar).
    if (!isApiAnswer(url)) reply.headers(url.startsWith('/assets/') ? assetHeaders : headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiAnswer(request.url)) {
      const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
      // A header the route set itself stands, as it did over the set given before the route ran.
      for (const [name, value] of Object.entries(json ? apiHeaders : headers))
        if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });

  // State-changing API calls must come from this site (CSRF defence on top of SameSite=Lax).
  const allowed = new Set([new URL(app.config.publicUrl).origin]);
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    if (ORIGIN_EXEMPT.some((p) => request.url.startsWith(p))) return done();
    const origin = requestOrigin(request);
    const own = `${request.protocol}://${request.host}`;
    if (!origin || (origin !== own && !allowed.has(origin))) {
      // Answered here: the request goes no further (done is not called).
      reply.status(403).send({ message: msg.originRefused });
      return;
    }
    done();
  });

  // Every write gets a per-member (else per-address) limit unless its route sets its own.
  const writeLimit = { max: app.config.RATE_LIMIT_WRITES_PER_MINUTE, timeWindow: '1 minute' };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((m) => !SAFE_METHODS.has(m));
    if (writes && route.url.startsWith('/api/') && route.config?.rateLimit === undefined) {
      route.config = { ...route.config, rateLimit: writeLimit };
    }
  });
  // On PostgreSQL every instance counts in the same table, so N a minute is N across the site; on PGlite
  // (one process) the plugin's in-memory store.
  const shared = app.database.kind === 'postgres';
  if (shared) {
    const stopSweep = sweepRateLimitCounters(app.db, (err) =>
      app.log.warn({ err }, 'rate-limit sweep failed'),
    );
    app.addHook('onClose', async () => stopSweep());
  }
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: postgresRateLimitStore(app.db) } : {}),
    keyGenerator: (request) => {
      const userId = request.session?.get('userId');
      return userId ? `u:${userId}` : `ip:${request.ip ?? 'unknown'}`;
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: msg.tooManyRequests,
      retryAfter: context.after,
    }),
  });
}
