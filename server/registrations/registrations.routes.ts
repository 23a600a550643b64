import { msg } from '@common/messages';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import {
  attendanceInputSchema,
  cancelResultSchema,
  paymentInputSchema,
  registerInputSchema,
  registrationIdParamsSchema,
  registrationListQuerySchema,
  registrationSchema,
  requiresUpgradeSchema,
  userRegistrationSchema,
} from '@common/schemas/registrations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/current-user';
import type { Db } from '../db/client';
import { authorize, NotFoundError } from '../errors';
import { findEventsWithCounts, findEventWithCounts, groupsArePublished } from '../events/events.queries';
import { canListUserRegistrations } from './registrations.policy';
import {
  presentRegistration,
  presentUserRegistration,
  type RegistrationGroup,
} from './registrations.presenter';
import {
  findRegistrationWithUser,
  listEventRegistrations,
  listUserRegistrations,
} from './registrations.queries';
import {
  cancelRegistration,
  registerForEvent,
  setAttendance,
  setPaymentStatus,
} from './registrations.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export interface RegistrationsRoutesOptions {
  /**
   * The ball groups of these ids. Ball groups sit above registrations (a group is made of them), so
   * the app (server/app.ts) hands their query in: registrations never import ball-groups (issue 31).
   */
  groupsByIds: (db: Db, ids: number[]) => Promise<Map<number, RegistrationGroup>>;
}

/** Registration for events, the waitlist, payment status and a member's own registrations. */
export async function registrationsRoutes(app: FastifyInstance, opts: RegistrationsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/events/:id/registrations',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "An event's registrations in arrival order, for logged-in members; payment, dietary preferences, notes, Golf-ID and birth date only for admins and the member",
        params: eventIdParamsSchema,
        querystring: registrationListQuerySchema,
        response: { 200: z.array(registrationSchema), ...errors },
      },
    },
    async (request) => {
      // Visitors see counts only (on the event), never who takes part (decisions.md).
      const actor = await requireUser(request);
      const includeCancelled = request.query.include === 'cancelled';
      // The cancelled history (who left, when, late fees) is for administrators.
      if (includeCancelled) await requireAdmin(request);
      const rows = await listEventRegistrations(app.db, request.params.id, { includeCancelled });
      if (!rows.length && !(await findEventWithCounts(app.db, request.params.id))) {
        throw new NotFoundError(msg.eventNotFound);
      }
      // Members see who plays in which ball group only once the groups are published.
      const groupsPublished =
        actor.role !== 'admin' && rows.some((row) => row.groupId !== null)
          ? await groupsArePublished(app.db, request.params.id)
          : false;
      return rows.map((row) => presentRegistration(row, actor, { groupsPublished }));
    },
  );

  r.post(
    '/api/events/:id/register',
    {
      schema: {
        tags: ['registrations'],
        summary:
          'Register for an event (Pro or admin); waitlisted when full; free members get requiresUpgrade',
        params: eventIdParamsSchema,
        body: registerInputSchema,
        response: { 201: registrationSchema, ...errors, 403: z.union([requiresUpgradeSchema, errorSchema]) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const row = await registerForEvent(app.db, {
        eventId: request.params.id,
        user,
        dietaryPreferences: request.body.dietaryPreferences,
        notes: request.body.notes,
        roomWish: {
          roomWish: request.body.roomWish,
          roomMateName: request.body.roomMateName,
          roomMateId: request.body.roomMateId,
          roomMixedOk: request.body.roomMixedOk,
        },
      });
      return reply.status(201).send(presentRegistration({ ...row, user }, user));
    },
  );

  r.delete(
    '/api/events/:id/register',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "Cancel the caller's registration (kept as history; after the cancellation deadline with the late fee); a freed place goes to the waitlist by the event's mode",
        params: eventIdParamsSchema,
        response: { 200: cancelResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      // The live notices of members moved up are pushed at commit (realtime's subscriber, issue 31).
      const { cancelled, promoted, offered } = await cancelRegistration(app.db, {
        eventId: request.params.id,
        userId: user.id,
      });
      return {
        message: 'Din anmälan är avbokad',
        promotedCount: promoted.length + offered.length,
        lateCancellation: cancelled.lateCancellation,
        amountDue: cancelled.amountDue,
      };
    },
  );

  r.put(
    '/api/registrations/:id/attendance',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Record whether a registered member came: present, no_show or null (admin)',
        params: registrationIdParamsSchema,
        body: attendanceInputSchema,
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const row = await setAttendance(app.db, request.params.id, request.body.attendance, admin);
      const full = await findRegistrationWithUser(app.db, row.id);
      if (!full) throw new NotFoundError(msg.registrationNotFound);
      return presentRegistration(full, admin);
    },
  );

  r.put(
    '/api/registrations/:id/payment',
    {
      schema: {
        tags: ['registrations'],
        summary: "Set a registration's payment status (admin)",
        params: registrationIdParamsSchema,
        body: paymentInputSchema,
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const row = await setPaymentStatus(app.db, request.params.id, request.body.paymentStatus, admin);
      const full = await findRegistrationWithUser(app.db, row.id);
      if (!full) throw new NotFoundError(msg.registrationNotFound);
      return presentRegistration(full, admin);
    },
  );

  r.get(
    '/api/users/:userId/registrations',
    {
      schema: {
        tags: ['registrations'],
        summary: "A member's registrations with their events (the member or an admin)",
        params: z.object({ userId: z.string().min(1).max(100) }),
        response: { 200: z.array(userRegistrationSchema), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(canListUserRegistrations(user, request.params.userId));
      const rows = await listUserRegistrations(app.db, request.params.userId);
      const eventsById = await findEventsWithCounts(
        app.db,
        rows.map((row) => row.eventId),
      );
      const groups = await opts.groupsByIds(
        app.db,
        rows.flatMap((row) => (row.groupId === null ? [] : [row.groupId])),
      );
      return rows.map((row) =>
        presentUserRegistration(row, eventsById.get(row.eventId)!, {
          actor: user,
          group: row.groupId === null ? undefined : groups.get(row.groupId),
        }),
      );
    },
  );
}
