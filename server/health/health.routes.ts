import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../plugins/database-outage';
import { isDraining } from '../shutdown';

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness and readiness for a load balancer. */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Liveness stays 200 while the database is down: restarting the process would not bring it back.
  r.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Ready when the database answers and the server is not shutting down',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorSchema },
      },
    },
    async (_request, reply) => {
      if (isDraining(app.server)) {
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
          message: 'Servern stängs av',
        });
      }
      try {
        // An unreachable host can leave a connect hanging; a probe wants its answer now.
        await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
          message: 'Databasen svarar inte',
        });
      }
    },
  );
}
