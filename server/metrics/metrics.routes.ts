import { createHash, timingSafeEqual } from 'node:crypto';
import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const METRICS_MESSAGES = {
  badToken: 'Fel eller saknad nyckel till mätvärdena',
} as const;

/** Route label of a request no route took (a 404, the client's fallback page). */
export const NO_ROUTE = '(no route)';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares a presented token with the configured one in constant time (hashes first: lengths may differ). */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Times every request under its route pattern (`/api/events/:id`, never the raw URL) and serves
 * `GET /metrics` to a scraper with `Authorization: Bearer <METRICS_TOKEN>`: 404 when METRICS_TOKEN is unset
 * (and then nothing is timed), 401 for a wrong or missing token. Call on the root app before the routes,
 * so the hook sees every route. Left out of the OpenAPI document (docs/operations.md describes it); like
 * every GET it has no rate limit, and a token of 32+ characters is not guessed by trying.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { metrics } = app;
  const token = app.config.METRICS_TOKEN;
  if (metrics.enabled) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? NO_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        hide: true,
        response: { 200: z.string(), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!token) return reply.status(404).send({ message: msg.notFound });
      const presented = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!tokenMatches(presented, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: METRICS_MESSAGES.badToken });
      }
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(body);
    },
  );
}
