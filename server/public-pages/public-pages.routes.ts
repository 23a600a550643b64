import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ApiAnswer } from '@common/ssr';
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
  /** Render a logged-in member's pages for them (issue 33); without it a member gets the app as it is. */
  memberPages?: boolean;
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

  /**
   * The API's JSON as the page's viewer: without cookies what a visitor's browser would get; with a member's
   * own cookie header what that member's browser would get (the API's own checks decide, issue 33).
   */
  const loadAs =
    (cookie?: string) =>
    async (url: string): Promise<ApiAnswer | undefined> => {
      const headers = { accept: 'application/json', ...(cookie ? { cookie } : {}) };
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200 || !/json/.test(String(res.headers['content-type']))) return undefined;
      const answerHeaders = Object.fromEntries(
        Object.entries(res.headers).map(([name, value]) => [
          name,
          value === undefined ? undefined : String(value),
        ]),
      );
      return { body: res.json(), headers: answerHeaders };
    };
  const loadAsVisitor = loadAs();

  const cached = opts.events ? createRenderCache<RenderedPage>(opts.events) : null;

  /**
   * The app rendered for the request's viewer: a visitor's render is shared (kept a few seconds), a member's
   * is rendered from their own API answers (their session cookie) for them alone and never kept (issue 33).
   * Undefined without a build's render or when it fails (logged): the page then carries its plain HTML.
   */
  const renderFor = async (request: FastifyRequest): Promise<RenderedPage | undefined> => {
    if (!renderer) return undefined;
    const url = request.url;
    const onError = (err: unknown) => request.log.error({ err, url }, 'part of a server render failed');
    try {
      if (await request.currentUser?.()) {
        if (!opts.memberPages) return undefined;
        const load = loadAs(request.headers.cookie);
        const session = (await load('/api/auth/session'))?.body as
          | { user?: { role?: string } | null }
          | undefined;
        if (!session?.user) return undefined;
        const viewer = session.user.role === 'admin' ? 'admin' : 'member';
        const rendered = await renderer.renderApp(url, load, onError, session.user);
        return { ...rendered, styles: renderer.pageStyles(url, viewer), private: true };
      }
      const render = async (): Promise<RenderedPage> => {
        const rendered = await renderer.renderApp(url, loadAsVisitor, onError);
        return { ...rendered, styles: renderer.pageStyles(url) };
      };
      return await (cached ? cached(url, render) : render());
    } catch (err) {
      request.log.error({ err, url }, 'server render failed');
      return undefined;
    }
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, page: PublicPage, status = 200) => {
    const rendered = status === 200 ? await renderFor(request) : undefined;
    const html = renderPublicPage(template, page, publicUrl, rendered);
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      // A member's page holds their own data: kept by no cache, their browser's neither (issue 33).
      .header('cache-control', rendered?.private ? 'private, no-store' : 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie');
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

  // A member's own pages (issue 33), rendered for them as the public ones are: a visitor gets the app as it
  // is (which sends them to the login).
  const memberPage = (title: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!opts.memberPages || !(await request.currentUser?.()))
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template);
    return send(request, reply, {
      title: `${title} | Singelgolf`,
      description: 'Singelgolf – golfgemenskapen för singlar.',
      path: request.url.split('?')[0] ?? '/',
      body: '',
    });
  };
  app.get('/members', { schema: { hide: true } }, memberPage('Medlemmar'));
  app.get('/messages', { schema: { hide: true } }, memberPage('Meddelanden'));
  app.get('/messages/:id', { schema: { hide: true } }, memberPage('Meddelanden'));
  app.get('/profile', { schema: { hide: true } }, memberPage('Min profil'));
  // The golf day's pages (issue 29): the leaderboard's API is for members only, so is its page's render.
  app.get('/events/:id/leaderboard', { schema: { hide: true } }, memberPage('Resultattavla'));
  app.get('/events/:id/scorecard', { schema: { hide: true } }, memberPage('Scorekort'));

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
