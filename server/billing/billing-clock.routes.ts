import { timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getOrCreateSecret, randomSecret } from '../auth/secrets';
import { ForbiddenError } from '../errors';
import type { TestModeProvider } from './billing.test-mode';

/** The file `npm run billing:advance` reads the token from when the server holds the PGlite folder. */
export const clockTokenFile = (dataDir: string) => path.resolve(dataDir, 'billing-clock.token');

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Test payment mode only: POST /api/test-billing/advance moves the billing clock (renewals,
 * failed renewals, period ends). Guarded by a token kept in server_secrets and written into
 * DATA_DIR, so only someone with the server's files can call it; `npm run billing:advance`
 * uses it while a PGlite server holds the data folder.
 */
export async function billingClockRoutes(app: FastifyInstance, { provider }: { provider: TestModeProvider }) {
  const token = await getOrCreateSecret<string>(app.database, 'billing_clock_token', randomSecret(32));
  if (app.config.NODE_ENV !== 'test' && app.database.kind === 'pglite') {
    mkdirSync(path.resolve(app.config.DATA_DIR), { recursive: true });
    writeFileSync(clockTokenFile(app.config.DATA_DIR), token, { mode: 0o600 });
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/test-billing/advance',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Test payment mode: moves the billing clock forward (token from DATA_DIR; used by npm run billing:advance)',
        headers: z.object({ 'x-billing-clock-token': z.string().optional() }).passthrough(),
        body: z.object({ days: z.number().positive().max(3650), failRenewal: z.boolean().default(false) }),
        response: {
          200: z.array(
            z.object({
              subscriptionId: z.string(),
              userId: z.string(),
              result: z.enum(['renewed', 'ended', 'payment_failed', 'unchanged']),
            }),
          ),
          403: errorSchema,
        },
      },
    },
    async (request) => {
      const given = request.headers['x-billing-clock-token'];
      if (typeof given !== 'string' || !sameSecret(given, token)) throw new ForbiddenError();
      return provider.advance(request.body.days, { failRenewal: request.body.failRenewal });
    },
  );
}
