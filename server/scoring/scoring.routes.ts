import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import {
  contestInputSchema,
  contestParamsSchema,
  leaderboardSchema,
  orderOfMeritQuerySchema,
  orderOfMeritRulesSchema,
  orderOfMeritSchema,
  playerScoresSchema,
  resultHistoryItemSchema,
  resultsFinalSchema,
  scoreChangeSchema,
  scorecardSchema,
  scoreParamsSchema,
  scoresInputSchema,
  seasonParamsSchema,
  signOffSchema,
} from '@common/schemas/scoring';
import { userIdParamsSchema } from '@common/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../auth/auth.policy';
import { requireUser } from '../auth/current-user';
import { createBlockedIdsCache } from '../blocks/blocked-ids-cache';
import { blocksHideMembersFrom } from '../blocks/blocks.policy';
import { authorize } from '../errors';
import { orderOfMerit, resultsOf, setSeasonRules } from './results.service';
import {
  addContest,
  enterScores,
  finalizeResults,
  leaderboardFor,
  removeContest,
  reopenResults,
  scoreChangesOf,
  scorecardFor,
  signOffCard,
} from './scoring.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const seasonNow = () =>
  Number(
    new Intl.DateTimeFormat('sv-SE', { year: 'numeric', timeZone: 'Europe/Stockholm' }).format(new Date()),
  );

/** Golf days with scores (issue 29): scorecards, score entry, leaderboard, final results, contests, results, season table. */
export async function scoringRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const blocks = createBlockedIdsCache(app.watches.users, app.db);

  r.get(
    '/api/events/:id/scorecards/mine',
    {
      schema: {
        tags: ['scoring'],
        summary:
          "The caller's published ball group: players with handicaps and strokes per hole, holes, scores",
        params: eventIdParamsSchema,
        response: { 200: scorecardSchema, ...errors },
      },
    },
    async (request) => scorecardFor(app.db, await requireUser(request), request.params.id),
  );

  r.put(
    '/api/events/:id/scores/:userId',
    {
      schema: {
        tags: ['scoring'],
        summary:
          "Enter a player's scores (a member of the same published group, or an admin) from the start until final; older enteredAt ignored",
        params: scoreParamsSchema,
        body: scoresInputSchema,
        response: { 200: playerScoresSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) =>
      enterScores(app.db, await requireUser(request), request.params.id, request.params.userId, request.body),
  );

  r.post(
    '/api/events/:id/scores/:userId/sign-off',
    {
      schema: {
        tags: ['scoring'],
        summary: "Sign a player's card off (the player or a group mate): every hole scored",
        params: scoreParamsSchema,
        response: { 200: signOffSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) =>
      signOffCard(app.db, await requireUser(request), request.params.id, request.params.userId),
  );

  r.post(
    '/api/admin/events/:id/results/final',
    {
      schema: {
        tags: ['scoring'],
        summary: 'Make the results final (admin; audited): after this only admins change scores',
        params: eventIdParamsSchema,
        response: { 200: resultsFinalSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(isAdmin(user));
      return finalizeResults(app.db, user, request.params.id);
    },
  );

  r.delete(
    '/api/admin/events/:id/results/final',
    {
      schema: {
        tags: ['scoring'],
        summary: 'Reopen final results (admin; audited)',
        params: eventIdParamsSchema,
        response: { 200: resultsFinalSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(isAdmin(user));
      return reopenResults(app.db, user, request.params.id);
    },
  );

  r.get(
    '/api/events/:id/leaderboard',
    {
      schema: {
        tags: ['scoring'],
        summary:
          'The leaderboard: participants (unless hidden until final) and admins; every member once final; with side contests',
        params: eventIdParamsSchema,
        response: { 200: leaderboardSchema, ...errors },
      },
    },
    async (request) => leaderboardFor(app.db, await requireUser(request), request.params.id),
  );

  r.get(
    '/api/admin/events/:id/score-changes',
    {
      schema: {
        tags: ['scoring'],
        summary: "Every change of the event's scores with names, newest first (admin)",
        params: eventIdParamsSchema,
        response: { 200: z.array(scoreChangeSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(isAdmin(user));
      return scoreChangesOf(app.db, request.params.id);
    },
  );

  r.post(
    '/api/events/:id/contests',
    {
      schema: {
        tags: ['scoring'],
        summary:
          'Add a side contest with its winner, a participant (admin; audited); answers the leaderboard',
        params: eventIdParamsSchema,
        body: contestInputSchema,
        response: { 201: leaderboardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(isAdmin(user));
      return reply.status(201).send(await addContest(app.db, user, request.params.id, request.body));
    },
  );

  r.delete(
    '/api/events/:id/contests/:contestId',
    {
      schema: {
        tags: ['scoring'],
        summary: 'Remove a side contest (admin; audited)',
        params: contestParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(isAdmin(user));
      await removeContest(app.db, user, request.params.id, request.params.contestId);
      return { message: 'Tävlingen har tagits bort' };
    },
  );

  r.get(
    '/api/users/:id/results',
    {
      schema: {
        tags: ['scoring'],
        summary: "A member's results history (final events), as the member's privacy allows",
        params: userIdParamsSchema,
        response: { 200: z.array(resultHistoryItemSchema), ...errors },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      const memberId = request.params.id;
      const blocked =
        viewer.id !== memberId &&
        blocksHideMembersFrom(viewer) &&
        (await blocks.between(viewer.id, memberId));
      return resultsOf(app.db, viewer, memberId, blocked);
    },
  );

  r.get(
    '/api/order-of-merit',
    {
      schema: {
        tags: ['scoring'],
        summary:
          "The season table (logged-in members): points per position, best N of the season's final events",
        querystring: orderOfMeritQuerySchema,
        response: { 200: orderOfMeritSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await requireUser(request);
      return orderOfMerit(app.db, request.query.season ?? seasonNow());
    },
  );

  r.put(
    '/api/admin/order-of-merit/:season',
    {
      schema: {
        tags: ['scoring'],
        summary: "Set a season table's rules (admin; audited)",
        params: seasonParamsSchema,
        body: orderOfMeritRulesSchema,
        response: { 200: orderOfMeritSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(isAdmin(user));
      return setSeasonRules(app.db, user, request.params.season, request.body);
    },
  );
}
