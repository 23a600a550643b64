import {
  ballGroupSchema,
  distributeTeeTimesInputSchema,
  generateGroupsResultSchema,
  groupMemberSchema,
  groupParamsSchema,
  groupTeeTimeInputSchema,
  publishGroupsPreviewSchema,
  publishGroupsResultSchema,
  registrationGroupParamsSchema,
  setRegistrationGroupInputSchema,
  togetherInputSchema,
  togetherPairSchema,
  togetherParamsSchema,
  updateGroupInputSchema,
} from '@common/schemas/ball-groups';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audited } from '../audit/audit';
import { requireUser } from '../auth/current-user';
import { authorize } from '../errors';
import { canManageBallGroups } from './ball-groups.policy';
import { deleteGroup, publishGroups, setGroupTeeTime, setRegistrationGroup } from './ball-groups.service';
import { previewPublishGroups } from './publish-notices';
import { distributeGroupTeeTimes, listGroupsFor, regenerateGroups, updateGroup } from './tee-times.service';
import { addTogether, listTogetherRequests, removeTogether } from './together.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Ball groups of an event: list (members once published), generate, rename and tee times, publish, delete,
 * a member's group, and requests to play together; every change an admin makes is in the audit log.
 */
export async function ballGroupsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The admin making the change (401/403 otherwise). */
  const admin = async (request: Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    authorize(canManageBallGroups(user));
    return user;
  };

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
      const user = await admin(request);
      const eventId = request.params.id;
      const result = await audited(
        app.db,
        (tx) => regenerateGroups(tx, eventId),
        (r) => ({
          actorId: user.id,
          action: 'ball_groups.generate',
          targetType: 'event',
          targetId: eventId,
          details: {
            groups: r.figures.groupCount,
            repeatedPairs: r.figures.repeatedPairs,
            togetherPairsApart: r.figures.togetherPairsApart,
          },
        }),
      );
      return reply.status(201).send(result);
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
      const user = await admin(request);
      const { eventId, groupId } = request.params;
      return audited(
        app.db,
        (tx) => updateGroup(tx, eventId, groupId, request.body),
        () => ({
          actorId: user.id,
          action: 'ball_groups.update',
          targetType: 'ball_group',
          targetId: groupId,
          details: { eventId, changed: Object.keys(request.body) },
        }),
      );
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
      const user = await admin(request);
      const eventId = request.params.id;
      return audited(
        app.db,
        (tx) => distributeGroupTeeTimes(tx, eventId, request.body),
        (groups) => ({
          actorId: user.id,
          action: 'ball_groups.tee_times',
          targetType: 'event',
          targetId: eventId,
          details: { mode: request.body.mode, groups: groups.length },
        }),
      );
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
      const user = await admin(request);
      const { eventId, groupId } = request.params;
      const { teeTime } = request.body;
      return audited(
        app.db,
        (tx) => setGroupTeeTime(tx, eventId, groupId, teeTime === null ? null : new Date(teeTime)),
        () => ({
          actorId: user.id,
          action: 'ball_groups.update',
          targetType: 'ball_group',
          targetId: groupId,
          details: { eventId, changed: ['teeTime'] },
        }),
      );
    },
  );

  r.get(
    '/api/events/:id/groups/publish-preview',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'What publishing the ball groups now would do, changing nothing: how many members would be notified, the first names, how many already know their group, an example notice (admin only)',
        params: eventIdParamsSchema,
        response: { 200: publishGroupsPreviewSchema, ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return previewPublishGroups(app.db, request.params.id);
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
        const user = await admin(request);
        const eventId = request.params.id;
        return audited(
          app.db,
          (tx) => publishGroups(tx, eventId),
          (r) => ({
            actorId: user.id,
            action: 'ball_groups.publish',
            targetType: 'event',
            targetId: eventId,
            details: { notified: r.notified },
          }),
        );
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
      const user = await admin(request);
      const { eventId, groupId } = request.params;
      await audited(
        app.db,
        (tx) => deleteGroup(tx, eventId, groupId),
        () => ({
          actorId: user.id,
          action: 'ball_groups.delete',
          targetType: 'ball_group',
          targetId: groupId,
          details: { eventId },
        }),
      );
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
      const user = await admin(request);
      const { eventId, registrationId } = request.params;
      const { groupId } = request.body;
      return audited(
        app.db,
        (tx) => setRegistrationGroup(tx, eventId, registrationId, groupId),
        () => ({
          actorId: user.id,
          action: 'ball_groups.move',
          targetType: 'registration',
          targetId: registrationId,
          details: { eventId, groupId },
        }),
      );
    },
  );

  r.get(
    '/api/events/:id/groups/together',
    {
      schema: {
        tags: ['ball-groups'],
        summary: "An event's requests to place two members in one ball group (admin only)",
        params: eventIdParamsSchema,
        response: { 200: z.array(togetherPairSchema), ...errors },
      },
    },
    async (request) => {
      await admin(request);
      return listTogetherRequests(app.db, request.params.id);
    },
  );

  r.post(
    '/api/events/:id/groups/together',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Ask generation to place two registered members in one ball group (201; 200 when already asked; 400 for a blocked pair) (admin only)',
        params: eventIdParamsSchema,
        body: togetherInputSchema,
        response: {
          200: z.object({ userIds: z.array(z.string()) }),
          201: z.object({ userIds: z.array(z.string()) }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = await admin(request);
      const eventId = request.params.id;
      const { created, pair } = await audited(
        app.db,
        (tx) => addTogether(tx, eventId, request.body, user.id),
        (r) => ({
          actorId: user.id,
          action: 'ball_groups.together_add',
          targetType: 'event',
          targetId: eventId,
          details: { userIds: r.pair, created: r.created },
        }),
      );
      return reply.status(created ? 201 : 200).send({ userIds: pair });
    },
  );

  r.delete(
    '/api/events/:eventId/groups/together/:userA/:userB',
    {
      schema: {
        tags: ['ball-groups'],
        summary: 'Withdraw a request to place two members in one ball group (admin only)',
        params: togetherParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = await admin(request);
      const { eventId, userA, userB } = request.params;
      await audited(
        app.db,
        (tx) => removeTogether(tx, eventId, userA, userB),
        () => ({
          actorId: user.id,
          action: 'ball_groups.together_remove',
          targetType: 'event',
          targetId: eventId,
          details: { userIds: [userA, userB] },
        }),
      );
      return reply.status(204).send(null);
    },
  );
}
