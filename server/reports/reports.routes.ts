import { errorSchema } from '@common/schemas/errors';
import {
  adminReportPageSchema,
  decisionInputSchema,
  reinstateResultSchema,
  reportCreatedSchema,
  reportIdParamsSchema,
  reportInputSchema,
  reportQuerySchema,
} from '@common/schemas/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { authorize } from '../errors';
import { canModerate } from './reports.policy';
import {
  createReport,
  decideReport,
  listReportQueue,
  type ModerationDeps,
  reinstateMember,
} from './reports.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Reports by members and the moderators' queue, decisions and reinstatement (issue 15, DSA). */
export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ModerationDeps => ({ mail: app.mail, appealAddress: app.config.moderationEmail });
  // Visitors get 401 whatever they send (the body is checked after this).
  r.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  r.post(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary:
          "Report a member's profile, a direct message you received, a group-chat message you can read, or an image: 201 with the report's id (200 when you already have an open report of it); an acknowledgement e-mail follows",
        body: reportInputSchema,
        response: { 200: reportCreatedSchema, 201: reportCreatedSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { id, created } = await createReport(app.db, deps(), user, request.body);
      return reply.status(created ? 201 : 200).send({ id });
    },
  );

  r.get(
    '/api/admin/reports',
    {
      schema: {
        tags: ['reports'],
        summary:
          'The moderators’ queue (admins): open reports first, oldest first, then decided ones; each with the content as it was when reported',
        querystring: reportQuerySchema,
        response: { 200: adminReportPageSchema, ...errors },
      },
    },
    async (request) => {
      authorize(canModerate(await requireUser(request)));
      return listReportQueue(app.db, request.query);
    },
  );

  r.post(
    '/api/admin/reports/:id/decision',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Decide a report (admins): dismiss, warn, remove_content (hidden everywhere) or suspend (sessions and sockets end, login refused); the member gets the statement of reasons, the reporter the outcome; 409 when already decided',
        params: reportIdParamsSchema,
        body: decisionInputSchema,
        response: { 204: z.null(), ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const moderator = await requireUser(request);
      authorize(canModerate(moderator));
      await decideReport(app.db, deps(), moderator, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/admin/users/:id/reinstate',
    {
      schema: {
        tags: ['reports'],
        summary: "End a member's suspension (admins); the member is told by e-mail; 409 when not suspended",
        params: z.object({ id: z.string().trim().min(1).max(100) }),
        response: { 200: reinstateResultSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const moderator = await requireUser(request);
      authorize(canModerate(moderator));
      await reinstateMember(app.db, deps(), moderator, request.params.id);
      return { userId: request.params.id, suspended: false as const };
    },
  );
}
