import {
  ballGroupSchema,
  generateGroupsResultSchema,
  groupMemberSchema,
  groupParamsSchema,
  registrationGroupParamsSchema,
  setRegistrationGroupInputSchema,
  updateGroupInputSchema,
} from '@common/schemas/ball-groups';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audited } from '../audit/audit';
import { requireUser } from '../auth/current-user';
import { ballGroupErrors, requireGroupsAdmin } from './ball-groups.route-support';
import { deleteGroup, setRegistrationGroup } from './ball-groups.service';
import { listGroupsFor, regenerateGroups, updateGroup } from './tee-times.service';

/** GET an event's groups: admins always, members once published. */
function listGroupsRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/events/:id/groups',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Ball groups of an event with members, statistics, tee times and starting holes: admins always; members once published (without payment status)',
        params: eventIdParamsSchema,
        response: { 200: z.array(ballGroupSchema), ...ballGroupErrors },
      },
    },
    async (request) => listGroupsFor(app.db, request.params.id, await requireUser(request)),
  );
}

/** POST: generate the groups anew (withdraws a publication). */
function generateGroupsRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/events/:id/groups',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Generate ball groups from the registered members, replacing existing ones and withdrawing a publication until the admin publishes again (admin only)',
        params: eventIdParamsSchema,
        body: z.object({}).passthrough().nullish(),
        response: { 201: generateGroupsResultSchema, ...ballGroupErrors },
      },
    },
    async (request, reply) => {
      const user = await requireGroupsAdmin(request);
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
}

/** PATCH a group: name, tee time, starting hole. */
function updateGroupRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/events/:eventId/groups/:groupId',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          "Rename a ball group and/or set its tee time ('HH:mm', Swedish time on the event's start date; null clears) and starting hole (1–18 or null) (admin only)",
        params: groupParamsSchema,
        body: updateGroupInputSchema,
        response: { 200: ballGroupSchema, ...ballGroupErrors },
      },
    },
    async (request) => {
      const user = await requireGroupsAdmin(request);
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
}

/** DELETE a group; its members become unassigned. */
function deleteGroupRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.delete(
    '/api/events/:eventId/groups/:groupId',
    {
      schema: {
        tags: ['ball-groups'],
        summary: 'Delete a ball group; its members become unassigned (admin only)',
        params: groupParamsSchema,
        response: { 204: z.null(), ...ballGroupErrors },
      },
    },
    async (request, reply) => {
      const user = await requireGroupsAdmin(request);
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
}

/** PATCH a registration's group: move, add or take out a member. */
function moveMemberRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.patch(
    '/api/events/:eventId/registrations/:registrationId/group',
    {
      schema: {
        tags: ['ball-groups'],
        summary:
          'Move or add a registered member to a group of the same event, or remove (null) (admin only)',
        params: registrationGroupParamsSchema,
        body: setRegistrationGroupInputSchema,
        response: { 200: groupMemberSchema, ...ballGroupErrors },
      },
    },
    async (request) => {
      const user = await requireGroupsAdmin(request);
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
}

/**
 * An event's ball groups themselves: list (members once published), generate, rename (with tee time and
 * starting hole), delete, and a member's group; every change an admin makes is in the audit log.
 */
export function groupsRoutes(app: FastifyInstance): void {
  listGroupsRoute(app);
  generateGroupsRoute(app);
  updateGroupRoute(app);
  deleteGroupRoute(app);
  moveMemberRoute(app);
}
