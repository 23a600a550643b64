import { EMAIL_MAX_LENGTH } from '@common/limits';

import { errorSchema } from '@common/schemas/errors';
import { feedbackInputSchema, feedbackSchema } from '@common/schemas/feedback';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { insertFeedback, insertNewsletterSubscriber } from './feedback.queries';

/** Feedback from the floating button, and the footer newsletter. */
export async function feedbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/feedback',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback (logged-in members)',
        body: feedbackInputSchema,
        response: { 201: feedbackSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const comment = request.body.comment?.trim() || null;
      const row = await insertFeedback(app.db, { userId: user.id, rating: request.body.rating, comment });
      return reply.status(201).send({ ...row, createdAt: row.createdAt.toISOString() });
    },
  );

  r.post(
    '/api/newsletter',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Sign up for the newsletter; a repeated address is not an error',
        body: z.object({ email: z.email({ error: 'Ange en giltig e-postadress' }).max(EMAIL_MAX_LENGTH) }),
        response: { 200: z.object({ message: z.string() }), 400: errorSchema },
      },
    },
    async (request) => {
      await insertNewsletterSubscriber(app.db, request.body.email.trim().toLowerCase());
      return { message: 'Tack! Du är nu anmäld till vårt nyhetsbrev.' };
    },
  );
}
