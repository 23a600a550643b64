import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import { deleteAccountInputSchema } from '@common/schemas/my-data';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { billingProviderFor } from '../billing/billing.routes';
import { NotFoundError } from '../errors';
import { deleteAccount } from './account-deletion';
import { exportMemberData } from './my-data.export';

/** How often a member may download their data (building the ZIP reads everything they have). */
const EXPORTS_PER_HOUR = 10;

/** The member's own data (issue 15): the export of everything the site keeps about them. */
export async function myDataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A visitor gets 401 whatever the body (the schema is checked after this).
  r.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  r.get(
    '/api/me/export',
    {
      config: { rateLimit: { max: EXPORTS_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['me'],
        summary:
          'Download everything the site keeps about the caller: a ZIP of profile.json, registrations.json, messages.json, notifications.json, payments.json and images/',
        response: { 200: z.any().describe('ZIP file'), 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const zip = await exportMemberData(app.db, user.id);
      if (!zip) throw new NotFoundError('Medlemmen finns inte');
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="singelgolf-mina-uppgifter-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );

  r.delete(
    '/api/me',
    {
      schema: {
        tags: ['me'],
        summary:
          "Delete the caller's account: ends Pro, e-mails a confirmation, erases the profile, address, pictures, dietary data and login; payments stay anonymised; messages show 'Borttagen medlem'",
        body: deleteAccountInputSchema,
        response: {
          200: z.object({ deleted: z.literal(true), endedPro: z.boolean(), message: z.string() }),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { endedPro } = await deleteAccount(
        app.db,
        { mail: app.mail, billing: billingProviderFor(app), log: request.log },
        user.id,
      );
      // This browser is logged out at once (other instances drop the ended sessions when announced).
      await request.session.destroy();
      return { deleted: true as const, endedPro, message: msg.accountDeleted };
    },
  );
}
