import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeWatch } from '../db/change-watch';
import type { Db } from '../db/client';
import { findEventWithCounts, listEvents } from '../events/events.queries';
import { clientDist } from '../plugins/static-client';
import {
  eventListPage,
  eventPage,
  type PublicPage,
  type RenderedPage,
  renderPublicPage,
} from './public-head';
import { createRenderCache } from './render-cache';
import { loadPublicRenderer } from './ssr';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface PublicPagesOptions {
  db: Db;
  publicUrl: string;
  /** The built client (index.html is the template). */
  root?: string;
  /** The events change counter: rendered pages are kept while it stands (none kept without it). */
  events?: ChangeWatch;
}

/** How many events the landing page's first content lists. */
const LANDING_EVENTS = 6;

/**
 * The public pages (landing, /events, /events/{id}) answered with the built index.html carrying the
 * page's title, description, Open Graph tags, schema.org JSON-LD and its content as plain HTML (issue 17):
 * link previews and crawlers see the events, and a phone shows text before the app has loaded (the app
 * then renders over it). Without a built client nothing is registered (the API-only server of tests).
 */
export async function publicPagesRoutes(app: FastifyInstance, opts: PublicPagesOptions): Promise<void> {
  const index = path.join(opts.root ?? clientDist, 'index.html');
  if (!existsSync(index)) return;
  const template = readFileSync(index, 'utf8');
  const { db, publicUrl } = opts;
  const renderer = await loadPublicRenderer(path.dirname(index), template);

  /** The API's JSON for a visitor (no cookies): what the browser would get. */
  const loadAsVisitor = async (url: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    return res.statusCode === 200 && /json/.test(String(res.headers['content-type']))
      ? res.json()
      : undefined;
  };

  const cached = opts.events ? createRenderCache<RenderedPage>(opts.events) : null;

  /**
   * The app rendered for a visitor; a member's app is drawn by their browser (undefined). A render that fails
   * is logged and the page then carries its plain HTML: the visitor still gets the page.
   */
  const renderForVisitor = async (request: FastifyRequest): Promise<RenderedPage | undefined> => {
    if (!renderer || (await request.currentUser?.())) return undefined;
    const url = request.url;
    const render = async (): Promise<RenderedPage> => {
      const rendered = await renderer.renderApp(url, loadAsVisitor, (err) =>
        request.log.error({ err, url }, 'part of a server render failed'),
      );
      return { ...rendered, styles: renderer.pageStyles(url) };
    };
    try {
      return await (cached ? cached(url, render) : render());
    } catch (err) {
      request.log.error({ err, url }, 'server render failed');
      return undefined;
    }
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, page: PublicPage, status = 200) => {
    const rendered = status === 200 ? await renderForVisitor(request) : undefined;
    const html = renderPublicPage(template, page, publicUrl, rendered);
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    // Brotli at a middle quality: a fifth smaller than gzip for the page's inline styles, in about a millisecond.
    if (/\bbr\b/.test(accepted)) {
      const options = {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      };
      return reply.header('content-encoding', 'br').send(await brotli(html, options));
    }
    if (/\bgzip\b/.test(accepted)) {
      return reply.header('content-encoding', 'gzip').send(await gzip(html));
    }
    return reply.send(html);
  };
  const upcoming = async () =>
    (await listEvents(db, { status: 'upcoming' })).filter((e) => e.status !== 'cancelled');

  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    send(
      request,
      reply,
      eventListPage((await upcoming()).slice(0, LANDING_EVENTS), publicUrl, {
        title: 'Singelgolf – golfgemenskapen för singlar',
        heading: 'Singelgolf',
        description: 'Golfevenemang, resor och nya möten på och utanför banan för dig som är singel.',
        path: '/',
      }),
    ),
  );

  app.get('/events', { schema: { hide: true } }, async (request, reply) =>
    send(
      request,
      reply,
      eventListPage(await upcoming(), publicUrl, {
        title: 'Evenemang – Singelgolf',
        heading: 'Evenemang',
        description: 'Kommande golfevenemang och resor för singlar hos Singelgolf.',
        path: '/events',
      }),
    ),
  );

  app.get<{ Params: { id: string } }>('/events/:id', { schema: { hide: true } }, async (request, reply) => {
    const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    // Not an event's address (/events/new for admins): the app as it is.
    if (id === null || id > 2_147_483_647) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template);
    }
    const event = await findEventWithCounts(db, id);
    if (!event) {
      // The app shows 'Evenemanget hittades inte'; crawlers get the status.
      const missing = {
        title: 'Evenemanget hittades inte – Singelgolf',
        description: 'Evenemanget finns inte.',
        path: `/events/${id}`,
        body: '',
      };
      return send(request, reply, missing, 404);
    }
    return send(request, reply, eventPage(event, publicUrl));
  });
}
