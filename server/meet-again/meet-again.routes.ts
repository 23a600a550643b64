import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import { meetAgainInputSchema, meetAgainMatchesSchema, meetAgainSchema } from '@common/schemas/meet-again';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/current-user';
import { getMatches, getMeetAgain, saveMeetAgain } from './meet-again.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * 'Vill ses igen' (issue 30): a checked-in member's private answers about the other checked-in
 * participants, and their matches. No route shows anyone's answer to anyone but its author, and no
 * admin route exists: only matches are ever revealed, to the two members.
 */
export async function meetAgainRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/events/:id/meet-again',
    {
      schema: {
        tags: ['meet-again'],
        summary:
          "'Vill ses igen': the answer window (event end to 7 days later) and, while open, the other checked-in participants with the caller's own answers; 403 unless the caller was checked in",
        params: eventIdParamsSchema,
        response: { 200: meetAgainSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return getMeetAgain(app.db, request.params.id, user.id);
    },
  );

  r.put(
    '/api/events/:id/meet-again',
    {
      schema: {
        tags: ['meet-again'],
        summary:
          "Save the caller's answers ('date', 'buddy', 'no'; null clears one); a mutual answer becomes a match in the same transaction. 403 unless checked in, 409 outside the window",
        params: eventIdParamsSchema,
        body: meetAgainInputSchema,
        response: { 200: meetAgainSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return saveMeetAgain(app.db, request.params.id, user.id, request.body);
    },
  );

  r.get(
    '/api/matches',
    {
      schema: {
        tags: ['meet-again'],
        summary: "The caller's 'Vill ses igen' matches (member, event, kind, when), newest first",
        response: { 200: meetAgainMatchesSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return getMatches(app.db, user.id);
    },
  );
}
