import { escapeHtml } from '@common/html';
import { NOTIFICATION_TYPE_LABELS } from '@common/notification-types';
import { errorSchema } from '@common/schemas/errors';
import {
  markNotificationsReadSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
} from '@common/schemas/notifications';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/current-user';
import { findEndedNotices } from './notice-currency.queries';
import { presentNotification } from './notifications.create';
import { registerNotificationJobs } from './notifications.jobs';
import { countUnread, listNotifications, markRead } from './notifications.queries';
import { getPreferences, putPreferences, turnOffEmail } from './notifications.service';
import { readUnsubscribeToken, unsubscribeKey } from './unsubscribe';

export const NOTIFICATION_MESSAGES = {
  badUnsubscribeLink: 'Länken för att avsluta e-post är ogiltig',
} as const;

const errors = { 400: errorSchema, 401: errorSchema };

/**
 * The notification centre (issue 13): the member's notices and choices, one-click unsubscribe, and the
 * fan-out job (e-mail and push by preferences). Registered on the root app, after `app.push`.
 */
export async function registerNotifications(app: FastifyInstance): Promise<void> {
  const key = await unsubscribeKey(app.database);
  registerNotificationJobs(app.jobs, {
    database: app.database,
    db: app.db,
    mail: app.mail,
    unsubscribeKey: key,
    push: () => (app.hasDecorator('push') ? app.push : undefined),
    log: app.log,
  });
  await app.register(notificationRoutes);
  await app.register(unsubscribeRoutes, { key });
}

async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The member's notifications, newest first, and how many are unread",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { page, limit } = request.query;
      const rows = await listNotifications(app.db, { userId: user.id, page, limit });
      const ended = await findEndedNotices(app.db, rows);
      return {
        items: rows.map((row) => presentNotification(row, !ended.has(row.id))),
        unread: await countUnread(app.db, user.id),
      };
    },
  );

  r.post(
    '/api/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: the given ids (own only), or all',
        body: markNotificationsReadSchema,
        response: { 200: z.object({ unread: z.number().int().nonnegative() }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await markRead(app.db, user.id, request.body.ids);
      return { unread: await countUnread(app.db, user.id) };
    },
  );

  r.get(
    '/api/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: "The member's e-mail and push choices per notification type",
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return getPreferences(app.db, user.id);
    },
  );

  r.put(
    '/api/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: "Save the member's e-mail and push choices (every type, both channels)",
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return putPreferences(app.db, user.id, request.body);
    },
  );
}

/** A small Swedish page (no scripts, so the site's CSP holds), with an optional form that POSTs here. */
function page(title: string, text: string, form?: { action: string; button: string }): string {
  return `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} – Singelgolf</title>
<style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f1f8f3;color:#1b2b20;margin:0;padding:32px 16px}
main{max-width:480px;margin:0 auto;background:#fff;border:1px solid #dfe9e2;border-radius:12px;padding:24px}
h1{font-size:22px;margin:0 0 12px}a{color:#2b8a3e}button{background:#2b8a3e;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
    form
      ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.button)}</button></form>`
      : ''
  }<p><a href="/profile">Ändra alla dina val för notiser i profilen</a></p></main></body></html>`;
}

/** An HTML answer (the typed reply only knows the JSON shapes of the schema). */
const sendHtml = (reply: FastifyReply, html: string) => reply.type('text/html; charset=utf-8').send(html);

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(request.headers.accept ?? '');

const tokenParamsSchema = z.object({ token: z.string().min(1).max(300) });
const unsubscribedSchema = z.object({ message: z.string(), type: z.string() });

/**
 * GET and POST /api/unsubscribe/:token (RFC 8058 one-click): no login, no Origin check (mail programs
 * post from elsewhere; security.ts exempts the path). The token is the stateless HMAC of unsubscribe.ts.
 */
async function unsubscribeRoutes(app: FastifyInstance, opts: { key: string }) {
  // One-click posts are forms (`List-Unsubscribe=One-Click`); the body says nothing the URL does not.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, {}),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    reply.status(404);
    if (wantsHtml(request)) {
      return reply
        .type('text/html; charset=utf-8')
        .send(page('Ogiltig länk', `${NOTIFICATION_MESSAGES.badUnsubscribeLink}.`));
    }
    return reply.send({ message: NOTIFICATION_MESSAGES.badUnsubscribeLink });
  };

  r.get(
    '/api/unsubscribe/:token',
    {
      schema: {
        tags: ['notifications'],
        summary: 'A page with a button that turns off e-mail of one notification type (no login)',
        params: tokenParamsSchema,
        response: { 200: unsubscribedSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const subject = readUnsubscribeToken(opts.key, request.params.token);
      if (!subject) return notFound(request, reply);
      const label = NOTIFICATION_TYPE_LABELS[subject.type];
      const message = `Vill du sluta få e-post om ”${label}”?`;
      if (!wantsHtml(request)) return { message, type: subject.type };
      return sendHtml(
        reply,
        page('Avsluta e-post', `${message} Notiserna syns fortfarande under klockan på Singelgolf.`, {
          action: `/api/unsubscribe/${encodeURIComponent(request.params.token)}`,
          button: 'Avsluta e-post',
        }),
      );
    },
  );

  r.post(
    '/api/unsubscribe/:token',
    {
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): turns off e-mail of one notification type (no login)',
        params: tokenParamsSchema,
        response: { 200: unsubscribedSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const subject = readUnsubscribeToken(opts.key, request.params.token);
      if (!subject) return notFound(request, reply);
      // A member removed since the e-mail was sent: nothing to turn off.
      await turnOffEmail(app.db, subject.userId, subject.type).catch((err: { code?: string }) => {
        if (err?.code !== '23503' && (err as { cause?: { code?: string } })?.cause?.code !== '23503')
          throw err;
      });
      const label = NOTIFICATION_TYPE_LABELS[subject.type];
      const message = `Du får inte längre e-post om ”${label}”.`;
      if (!wantsHtml(request)) return { message, type: subject.type };
      return sendHtml(
        reply,
        page('E-post avslutad', `${message} Du kan slå på den igen under Notiser i din profil.`),
      );
    },
  );
}
