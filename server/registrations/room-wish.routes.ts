import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import { registrationSchema } from '@common/schemas/registrations';
import { roomWishInputSchema } from '@common/schemas/room-wish';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/current-user';
import { NotFoundError } from '../errors';
import { presentRegistration } from './registrations.presenter';
import { findRegistrationWithUser } from './registrations.queries';
import { setOwnRoomWish } from './room-wish.service';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** The member's own room wish on a trip with overnight stays (issue 27). */
export async function roomWishRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/events/:id/registration/room-wish',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "Set the caller's room wish on a trip with overnight stays (single, shared, or shared with a named member; null clears) while registered and before the trip starts",
        params: eventIdParamsSchema,
        body: roomWishInputSchema,
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await setOwnRoomWish(app.db, {
        eventId: request.params.id,
        userId: user.id,
        wish: request.body,
      });
      const full = await findRegistrationWithUser(app.db, row.id);
      if (!full) throw new NotFoundError(msg.registrationNotFound);
      return presentRegistration(full, user);
    },
  );
}
