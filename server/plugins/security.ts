import { msg } from '@common/messages';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Requests that come from elsewhere by design (signed webhooks).
const ORIGIN_EXEMPT = ['/api/stripe/webhook'];

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

/** Helmet with a CSP the built client works under, origin checks on writes, and rate limits. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const https = app.config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
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

  // State-changing API calls must come from this site (CSRF defence on top of SameSite=Lax).
  const allowed = new Set([new URL(app.config.publicUrl).origin]);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (ORIGIN_EXEMPT.some((p) => request.url.startsWith(p))) return;
    const origin = requestOrigin(request);
    const own = `${request.protocol}://${request.host}`;
    if (!origin || (origin !== own && !allowed.has(origin))) {
      return reply.status(403).send({ message: msg.originRefused });
    }
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
  await app.register(rateLimit, {
    global: false,
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
