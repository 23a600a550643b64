import {
  ballGroupSchema,
  generateGroupsResultSchema,
  groupMemberSchema,
  groupParamsSchema,
  groupTeeTimeInputSchema,
  publishGroupsResultSchema,
  registrationGroupParamsSchema,
  renameGroupInputSchema,
  setRegistrationGroupInputSchema,
} from '@common/schemas/ball-groups';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { authorize } from '../errors';
import { canManageBallGroups } from './ball-groups.policy';
import {
  deleteGroup,
  generateGroups,
  getEventGroups,
  publishGroups,
  renameGroup,
  setGroupTeeTime,
  setRegistrationGroup,
} from './ball-groups.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Ball groups of an event: list, generate, rename, delete, and a member's group (admins only). */
export async function ballGroupsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = async (request: Parameters<typeof requireUser>[0]) =>
    authorize(canManageBallGroups(await requireUser(request)));

  r.get(
    '/api/events/:id/groups',
    {
      schema: {
        tags: ['ball-groups'],
        summary: 'Ball groups of an event with members and statistics (admin only)',
        params: eventIdParamsSchema,
        response: { 200: z.array(ballGroupSchema), ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return getEventGroups(app.db, request.params.id);
    },
  );

  r.post(
    '/api/events/:id/groups',
    {
      schema: {
        tags: ['ball-groups'],
        summary: 'Generate ball groups from the registered members, replacing existing ones (admin only)',
        params: eventIdParamsSchema,
        body: z.object({}).passthrough().nullish(),
        response: { 201: generateGroupsResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      await admin(request);
      return reply.status(201).send(await generateGroups(app.db, request.params.id));
    },
  );

  r.patch(
    '/api/events/:eventId/groups/:groupId',
    {
      schema: {
        tags: ['ball-groups'],
        summary: 'Rename a ball group (admin only)',
        params: groupParamsSchema,
        body: renameGroupInputSchema,
        response: { 200: ballGroupSchema, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      const { eventId, groupId } = request.params;
      return renameGroup(app.db, eventId, groupId, request.body.name);
    },
  );

  r.patch(
    '/api/events/:eventId/groups/:groupId/tee-time',
    {
      schema: {
        tags: ['ball-groups'],
        summary: "Set or clear a ball group's tee time (admin only)",
        params: groupParamsSchema,
        body: groupTeeTimeInputSchema,
        response: { 200: ballGroupSchema, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      const { eventId, groupId } = request.params;
      const { teeTime } = request.body;
      return setGroupTeeTime(app.db, eventId, groupId, teeTime === null ? null : new Date(teeTime));
    },
  );

  r.post(
    '/api/events/:id/ball-groups/publish',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Publish the ball groups: each registered member is told their group and tee time (admin only)',
        params: eventIdParamsSchema,
        body: z.object({}).passthrough().nullish(),
        response: { 200: publishGroupsResultSchema, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return publishGroups(app.db, request.params.id);
    },
  );

  r.delete(
    '/api/events/:eventId/groups/:groupId',
    {
      schema: {
        tags: ['ball-groups'],
        summary: 'Delete a ball group; its members become unassigned (admin only)',
        params: groupParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await admin(request);
      await deleteGroup(app.db, request.params.eventId, request.params.groupId);
      return reply.status(204).send(null);
    },
  );

  r.patch(
    '/api/events/:eventId/registrations/:registrationId/group',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Move or add a registered member to a group of the same event, or remove (null) (admin only)',
        params: registrationGroupParamsSchema,
        body: setRegistrationGroupInputSchema,
        response: { 200: groupMemberSchema, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      const { eventId, registrationId } = request.params;
      return setRegistrationGroup(app.db, eventId, registrationId, request.body.groupId);
    },
  );
}
