import {
  ballGroupSchema,
  distributeTeeTimesInputSchema,
  generateGroupsResultSchema,
  groupMemberSchema,
  groupParamsSchema,
  groupTeeTimeInputSchema,
  publishGroupsResultSchema,
  registrationGroupParamsSchema,
  setRegistrationGroupInputSchema,
  updateGroupInputSchema,
} from '@common/schemas/ball-groups';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { authorize } from '../errors';
import { canManageBallGroups } from './ball-groups.policy';
import { deleteGroup, publishGroups, setGroupTeeTime, setRegistrationGroup } from './ball-groups.service';
import { distributeGroupTeeTimes, listGroupsFor, regenerateGroups, updateGroup } from './tee-times.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Ball groups of an event: list (members once published), generate, rename and tee times, publish, delete, and a member's group. */
export async function ballGroupsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = async (request: Parameters<typeof requireUser>[0]) =>
    authorize(canManageBallGroups(await requireUser(request)));

  r.get(
    '/api/events/:id/groups',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Ball groups of an event with members, statistics, tee times and starting holes: admins always; members once published (without payment status)',
        params: eventIdParamsSchema,
        response: { 200: z.array(ballGroupSchema), ...errors },
      },
    },
    async (request) => listGroupsFor(app.db, request.params.id, await requireUser(request)),
  );

  r.post(
    '/api/events/:id/groups',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Generate ball groups from the registered members, replacing existing ones and withdrawing a publication until the admin publishes again (admin only)',
        params: eventIdParamsSchema,
        body: z.object({}).passthrough().nullish(),
        response: { 201: generateGroupsResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      await admin(request);
      return reply.status(201).send(await regenerateGroups(app.db, request.params.id));
    },
  );

  r.patch(
    '/api/events/:eventId/groups/:groupId',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          "Rename a ball group and/or set its tee time ('HH:mm', Swedish time on the event's start date; null clears) and starting hole (1–18 or null) (admin only)",
        params: groupParamsSchema,
        body: updateGroupInputSchema,
        response: { 200: ballGroupSchema, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      const { eventId, groupId } = request.params;
      return updateGroup(app.db, eventId, groupId, request.body);
    },
  );

  r.post(
    '/api/events/:id/groups/tee-times',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          "'Fördela starttider': every group in order gets a tee time and starting hole (interval: first time + n × interval from hole 1; shotgun: all at the first time on holes 1, 2, 3 …) (admin only)",
        params: eventIdParamsSchema,
        body: distributeTeeTimesInputSchema,
        response: { 200: z.array(ballGroupSchema), ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return distributeGroupTeeTimes(app.db, request.params.id, request.body);
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

  // One handler under two paths: /groups/publish sits beside the other group routes.
  for (const url of ['/api/events/:id/ball-groups/publish', '/api/events/:id/groups/publish']) {
    r.post(
      url,
      {
        schema: {
          tags: ['ball-groups'],
          summary:
            'Publish the ball groups: members see them from now on, and each registered member is told their group and tee time (admin only)',
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
  }

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
