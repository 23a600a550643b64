import { TOTAL_COUNT_HEADER } from '@common/http-headers';
import { adminEmailSchema, adminEmailsQuerySchema } from '@common/schemas/admin-emails';
import { errorSchema } from '@common/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/current-user';
import { presentAdminEmail } from './admin-emails.presenter';
import { listAdminEmails } from './admin-emails.queries';

/**
 * The admin page 'E-post': every e-mail of the outbox (captured ones included), newest first, with
 * the one-time codes of its links hidden (admin-emails.presenter.ts).
 */
export async function adminEmailsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/emails',
    {
      schema: {
        tags: ['admin'],
        summary: 'The e-mail outbox (admin only): status and recipient filters, one page, newest first',
        description:
          'The number of e-mails matching the filters (all pages) is in the X-Total-Count header. The one-time code of every link (confirmation, reset, address change, unsubscribe) is replaced by DOLD in the text and the HTML: only the recipient holds a working link.',
        querystring: adminEmailsQuerySchema,
        response: { 200: z.array(adminEmailSchema), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const { rows, total } = await listAdminEmails(app.db, request.query);
      // E-mails are personal (and their links' codes are hidden): never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store');
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows.map(presentAdminEmail);
    },
  );
}
