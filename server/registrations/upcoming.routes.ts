import { errorSchema } from '@common/schemas/errors';
import { upcomingEventsSchema } from '@common/schemas/upcoming-events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/current-user';
import { presentUpcomingEvent } from './upcoming.presenter';
import { listUpcomingRegistrations } from './upcoming.queries';

/** GET /api/me/upcoming-events: the caller's own coming events with their place (issue 27). */
export async function upcomingEventsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/me/upcoming-events',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "The caller's live registrations of events not yet ended, by start: status, reservlista place, offer expiry, what is left to pay, and the ball group with tee time once published",
        response: { 200: upcomingEventsSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await listUpcomingRegistrations(app.db, { userId: user.id, now: new Date() });
      return rows.map(presentUpcomingEvent);
    },
  );
}
