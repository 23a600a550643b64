import { msg } from '@common/messages';
import { displayName } from '@common/rules/display-name';
import { NOTICE_PREVIEW_NAMES_MAX } from '@common/rules/notice-preview';
import {
  announcementInputSchema,
  announcementPreviewQuerySchema,
  announcementResultSchema,
  announcementSchema,
  recipientsPreviewSchema,
} from '@common/schemas/announcements';
import { errorSchema } from '@common/schemas/errors';
import { eventIdParamsSchema } from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../auth/current-user';
import { NotFoundError } from '../errors';
import { findEventWithCounts } from '../events/events.queries';
import { sendGroupMessage } from '../messages/messages.service';
import { audiencePreview, listAnnouncements } from './announcements.queries';
import { type AnnouncementRow, sendAnnouncement } from './announcements.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

const present = (a: AnnouncementRow) => ({
  id: a.id,
  eventId: a.eventId,
  audience: a.audience,
  subject: a.subject,
  body: a.body,
  recipients: a.recipients,
  postedToChat: a.postedToChat,
  createdAt: a.createdAt.toISOString(),
  createdBy: a.createdBy,
});

/** An organiser's announcements to an event's participants (admins). */
export async function announcementsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/events/:id/announcements',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Send an announcement to an event's participants (all, registered, waitlisted, unpaid or checked in): in-app, e-mail and push by each member's choices, optionally in the group chat",
        params: eventIdParamsSchema,
        body: announcementInputSchema,
        response: { 201: announcementResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const row = await sendAnnouncement(app.db, admin, request.params.id, request.body);
      if (request.body.postToChat) {
        const content = `${request.body.subject}\n\n${request.body.body}`.slice(0, 5000);
        // Pushed to the group chat live at commit (realtime's subscriber to `message.sent`).
        await sendGroupMessage(app.db, admin, request.params.id, { content });
      }
      return reply.status(201).send({ recipients: row.recipients });
    },
  );

  r.get(
    '/api/admin/events/:id/announcements',
    {
      schema: {
        tags: ['admin'],
        summary:
          "An event's announcements, newest first, with their audience and how many they reached (admins)",
        params: eventIdParamsSchema,
        response: { 200: z.array(announcementSchema), ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      if (!(await findEventWithCounts(app.db, request.params.id))) throw new NotFoundError(msg.eventNotFound);
      return (await listAnnouncements(app.db, request.params.id)).map(present);
    },
  );

  r.get(
    '/api/admin/events/:id/announcements/preview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Who an announcement to an audience would reach, before sending: the count and the first names in name order (admins; read-only)',
        params: eventIdParamsSchema,
        querystring: announcementPreviewQuerySchema,
        response: { 200: recipientsPreviewSchema, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      const { id } = request.params;
      if (!(await findEventWithCounts(app.db, id))) throw new NotFoundError(msg.eventNotFound);
      const { count, first } = await audiencePreview(
        app.db,
        id,
        request.query.audience,
        NOTICE_PREVIEW_NAMES_MAX,
      );
      return { count, names: first.map(displayName) };
    },
  );
}
