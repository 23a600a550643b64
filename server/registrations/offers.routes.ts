import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import { myRegistrationOrNoneSchema, myRegistrationSchema } from '@common/schemas/registrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/current-user';
import type { Db } from '../db/client';
import { NotFoundError } from '../errors';
import { findEventWithCounts } from '../events/events.queries';
import { acceptOffer, declineOffer, queuePosition } from './offers.service';
import { presentMyRegistration } from './registrations.presenter';
import { findCurrentRegistration, type RegistrationRow } from './registrations.queries';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** The member's registration of an event as myRegistrationSchema (404 when the event is gone). */
async function myRegistration(db: Db, eventId: number, row: RegistrationRow) {
  const event = await findEventWithCounts(db, eventId);
  if (!event) throw new NotFoundError(msg.eventNotFound);
  const position = row.status === 'waitlisted' ? await queuePosition(db, row) : null;
  return presentMyRegistration(row, event, position);
}

/** The caller's own registration of an event, and answering a waitlist offer. */
export async function offersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/events/:id/registration',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "The caller's registration of an event (the live one, else the latest cancelled): status, queue position, offer expiry, amounts due and paid; null when the caller never registered (404 only for an unknown event)",
        params: eventIdParamsSchema,
        response: { 200: myRegistrationOrNoneSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await findCurrentRegistration(app.db, request.params.id, user.id);
      // Not registered is a normal state, not a failure (issue 26: no failed request on a member's event page).
      if (!row) {
        if (!(await findEventWithCounts(app.db, request.params.id)))
          throw new NotFoundError(msg.eventNotFound);
        return null;
      }
      return myRegistration(app.db, request.params.id, row);
    },
  );

  r.post(
    '/api/events/:id/offer/accept',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Accept the place offered from the waitlist (409 without an open offer)',
        params: eventIdParamsSchema,
        response: { 200: myRegistrationSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await acceptOffer(app.db, { eventId: request.params.id, userId: user.id });
      return myRegistration(app.db, request.params.id, row);
    },
  );

  r.post(
    '/api/events/:id/offer/decline',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Turn down the place offered from the waitlist; it is offered to the next in line',
        params: eventIdParamsSchema,
        response: { 200: myRegistrationSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      // A place offered on is pushed as a notice at commit (realtime's subscriber, issue 31).
      const { declined } = await declineOffer(app.db, {
        eventId: request.params.id,
        userId: user.id,
      });
      return myRegistration(app.db, request.params.id, declined);
    },
  );
}
