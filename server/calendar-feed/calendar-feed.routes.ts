import { errorSchema } from '@common/schemas/errors';
import { calendarFeedSchema } from '@common/schemas/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { NotFoundError } from '../errors';
import { buildCalendar } from '../events/events.ics';
import { feedEvents, feedOwner, getOrCreateFeedToken, resetFeedToken } from './calendar-feed.queries';

const FEED_NOT_FOUND = 'Kalenderlänken finns inte eller har ersatts av en ny';

/** A feed token as newFeedToken makes it, with the `.ics` the URL ends in. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * The member's personal calendar feed: GET /api/calendar/feed (the URL, made on first call), POST
 * /api/calendar/feed/reset (a new URL; the old one answers 404) and the feed itself at
 * /api/calendar/feed/{token}.ics, which needs no login (calendar apps fetch it) and is found by its token.
 */
export async function calendarFeedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const feedUrl = (token: string) => `${app.config.publicUrl}/api/calendar/feed/${token}.ics`;

  r.get(
    '/api/calendar/feed',
    {
      schema: {
        tags: ['calendar'],
        summary: "The URL of the member's personal calendar feed (created on first call)",
        response: { 200: calendarFeedSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { url: feedUrl(await getOrCreateFeedToken(app.db, user.id)) };
    },
  );

  r.post(
    '/api/calendar/feed/reset',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Replace the calendar feed URL; the old one stops working',
        response: { 200: calendarFeedSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { url: feedUrl(await resetFeedToken(app.db, user.id)) };
    },
  );

  r.get(
    '/api/calendar/feed/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: "A member's events as iCalendar (no login: the token in the URL is the key)",
        params: z.object({ file: z.string().max(200) }),
        response: { 200: z.string(), 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      const userId = token ? await feedOwner(app.db, token) : null;
      if (!userId) throw new NotFoundError(FEED_NOT_FOUND);
      const entries = await feedEvents(app.db, userId);
      const ics = buildCalendar(
        entries.map(({ waitlisted, ...e }) => (waitlisted ? { ...e, title: `${e.title} (reserv)` } : e)),
        { publicUrl: app.config.publicUrl, name: 'Singelgolf – mina evenemang' },
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="singelgolf.ics"')
        .send(ics);
    },
  );
}
