import { randomBytes } from 'node:crypto';
import { msg } from '@common/messages';
import { duplicateEventInputSchema } from '@common/schemas/announcements';
import { errorSchema } from '@common/schemas/errors';
import {
  type Event,
  type EventDetail,
  eventDetailSchema,
  eventIdParamsSchema,
  eventInputSchema,
  eventListQuerySchema,
  eventSchema,
} from '@common/schemas/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import type { Db } from '../db/client';
import { authorize, NotFoundError } from '../errors';
import { createEventListCache } from './events.cache';
import { duplicateEvent } from './events.duplicate';
import { courseNameOf } from './events.golf';
import { eventToIcs } from './events.ics';
import { canEditEvent } from './events.policy';
import { presentEvent, presentEventDetail } from './events.presenter';
import { countBallGroups, findEventWithCounts, listEvents } from './events.queries';
import { createEvent, deleteEvent, updateEvent } from './events.service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

type MyRegistration = NonNullable<EventDetail['myRegistration']>;

export interface EventsRoutesOptions {
  /**
   * The member's live registration of an event. Registrations sit above events, so the app
   * (server/app.ts) hands in their one query of it (issue 31); events never import registrations.
   */
  liveRegistration: (
    db: Db,
    eventId: number,
    userId: string,
  ) => Promise<
    (Omit<MyRegistration, 'status'> & { status: MyRegistration['status'] | 'cancelled' }) | undefined
  >;
  /** How many trip photos an event has (server/event-photos/, above events; handed in by the app). */
  photoCount?: (db: Db, eventId: number) => Promise<number>;
}

/** The event page's view of the member's registration: a live one, only the fields the page shows. */
const myRegistration = (r: Awaited<ReturnType<EventsRoutesOptions['liveRegistration']>>) =>
  r && r.status !== 'cancelled' ? { id: r.id, status: r.status, paymentStatus: r.paymentStatus } : null;

/** Event routes. */
export async function eventsRoutes(app: FastifyInstance, opts: EventsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // In the ETag so that a reset database (counter back at 0) never matches an old answer.
  const bootId = randomBytes(4).toString('hex');
  const listCache = createEventListCache(app.watches.events, async () => {
    const rows = await listEvents(app.db);
    return JSON.stringify(z.array(eventSchema).parse(rows.map((e) => presentEvent(e, e))));
  });

  /** The event with its counts as the API returns it, or a 404. */
  async function loadEvent(id: number) {
    const row = await findEventWithCounts(app.db, id);
    if (!row) throw new NotFoundError(msg.eventNotFound);
    return row;
  }

  r.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Every event with its registered and waitlisted counts, by start time',
        querystring: eventListQuerySchema,
        response: { 200: z.array(eventSchema), 304: z.null().describe('not modified'), 400: errorSchema },
      },
      // The same answer for everyone (no notes, no caller's data): the central no-store does not apply.
      config: { publicCache: true },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.status || q.q || q.from || q.to) {
        const rows = await listEvents(app.db, q);
        return rows.map((e) => presentEvent(e, e));
      }
      // The unfiltered list (what every page asks for) is served from a cache kept current by NOTIFY.
      const { version, body, gzipped } = await listCache();
      const etag = `"events-${bootId}-${version}"`;
      reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      // Already serialized (and checked against the schema) when it was cached: bytes are sent as they are.
      reply.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('content-encoding', 'gzip').send(gzipped as unknown as Event[]);
      }
      return reply.send(body as unknown as Event[]);
    },
  );

  r.get(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: "One event with its counts, ball-group count, the caller's registration and abilities",
        params: eventIdParamsSchema,
        response: { 200: eventDetailSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actor = await request.currentUser();
      const [event, ballGroupCount, mine, photoCount] = await Promise.all([
        loadEvent(id),
        countBallGroups(app.db, id),
        actor ? opts.liveRegistration(app.db, id, actor.id) : Promise.resolve(undefined),
        opts.photoCount ? opts.photoCount(app.db, id) : Promise.resolve(0),
      ]);
      const courseName = await courseNameOf(app.db, event);
      // A visitor's answer is public; a member's carries their registration (the central no-store applies).
      if (!actor) reply.header('cache-control', 'no-cache');
      return presentEventDetail(event, {
        actor,
        ballGroupCount,
        photoCount,
        myRegistration: myRegistration(mine),
        courseName,
      });
    },
  );

  r.post(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Create an event (admin)',
        body: eventInputSchema,
        response: { 201: eventSchema, ...errors, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(canEditEvent(user));
      const row = await createEvent(app.db, request.body, user);
      return reply
        .status(201)
        .send(presentEvent(row, { registeredCount: 0, waitlistedCount: 0 }, { withNotes: true }));
    },
  );

  r.put(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Update an event (admin); raising max participants promotes from the waitlist',
        params: eventIdParamsSchema,
        body: eventInputSchema,
        response: { 200: eventSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(canEditEvent(user));
      // Members moved up by a larger capacity get their live notice at commit (realtime's subscriber).
      await updateEvent(app.db, request.params.id, request.body, user);
      const row = await loadEvent(request.params.id);
      return presentEvent(row, row, { withNotes: true });
    },
  );

  r.post(
    '/api/events/:id/duplicate',
    {
      schema: {
        tags: ['events'],
        summary:
          'Duplicate an event (admin): same fields and picture, dates moved by `weeks` (default 52), status upcoming, no registrations',
        params: eventIdParamsSchema,
        body: duplicateEventInputSchema,
        response: { 201: eventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      authorize(canEditEvent(user));
      const row = await duplicateEvent(app.db, request.params.id, request.body.weeks, user);
      return reply
        .status(201)
        .send(presentEvent(row, { registeredCount: 0, waitlistedCount: 0 }, { withNotes: true }));
    },
  );

  r.delete(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Delete an event with all its registrations (admin)',
        params: eventIdParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(canEditEvent(user));
      await deleteEvent(app.db, request.params.id, user);
      return { message: 'Evenemanget har tagits bort' };
    },
  );

  r.get(
    '/api/events/:id/calendar.ics',
    {
      schema: {
        tags: ['events'],
        summary: 'The event as an iCalendar file (Europe/Stockholm)',
        params: eventIdParamsSchema,
        response: { 200: z.string(), 400: errorSchema, 404: errorSchema },
      },
      config: { publicCache: true },
    },
    async (request, reply) => {
      const event = await loadEvent(request.params.id);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="singelgolf-event-${event.id}.ics"`)
        .send(eventToIcs(event, app.config.publicUrl));
    },
  );
}
