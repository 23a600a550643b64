import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EARLY_TAP_CATCHER } from '@common/early-taps';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { publicPagesRoutes } from './public-pages.routes';

// A build as `vite build` and `vite build --ssr` lay it out: dist/client (index.html linking the first
// bundle's stylesheet, .vite/manifest.json, the stylesheets) and dist/ssr/entry-server.js. The entry here is
// a stand-in for the client's render: it answers what it was asked through `load`, so the test sees
// the server's side of the contract (common/ssr.ts): the visitor's API answers, the page's styles, the
// data block and the fallback when a render fails.
const TEMPLATE = `<!doctype html>
<html lang="sv">
  <head>
    <title>Singelgolf</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ENTRY = `
export const entry = {
  async renderApp(url, load, onError, viewer) {
    if (url.includes('fail')) throw new Error('render failed');
    const events = (await load('/api/events')).body;
    const user = (await load('/api/auth/user'))?.body;
    const mine = (await load('/api/me/notes'))?.body;
    return {
      html: '<main><h1>' + url + '</h1><p>' + events.map((e) => e.title).join(', ') + '</p>' +
        (viewer ? '<p>' + viewer.firstName + ': ' + mine.note + '</p>' : '') + '</main>',
      state: { queries: [{ queryKey: ['/api/events'], events: events.length, user: user ?? null, text: '</script><b>' }] },
      renderedAt: 1781251200000,
    };
  },
  pageModules: (url, viewer) => [
    'start.tsx',
    ...(viewer && viewer !== 'visitor' ? ['member-header.tsx'] : []),
    ...(url.startsWith('/events') ? ['events-page.tsx'] : []),
  ],
};
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'], isEntry: true },
  'start.tsx': { file: 'assets/start-abc.js', css: ['assets/start-abc.css'], imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-abc.js', css: ['assets/Button-abc.css'] },
  'events-page.tsx': {
    file: 'assets/events-page-abc.js',
    css: ['assets/events-page-abc.css'],
    imports: ['_shared.js'],
  },
  'member-header.tsx': { file: 'assets/member-header-abc.js', css: ['assets/member-header-abc.css'] },
};

/** Two members of the stand-in API, told apart by their (stand-in) session cookie. */
const MEMBERS: Record<string, { firstName: string; role: string; note: string }> = {
  anna: { firstName: 'Anna', role: 'member', note: 'Annas anteckning' },
  bo: { firstName: 'Bo', role: 'member', note: 'Bos anteckning' },
};
const memberOf = (cookie: string | undefined) => MEMBERS[/sid=(\w+)/.exec(cookie ?? '')?.[1] ?? ''];

describe('public pages rendered by the built client (issue 17)', () => {
  let t: TestContext;
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    t = await createTestContext();
    dir = mkdtempSync(path.join(tmpdir(), 'sg-render-'));
    const client = path.join(dir, 'client');
    mkdirSync(path.join(client, '.vite'), { recursive: true });
    mkdirSync(path.join(client, 'assets'));
    mkdirSync(path.join(dir, 'ssr'));
    writeFileSync(path.join(client, 'index.html'), TEMPLATE);
    writeFileSync(path.join(client, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    for (const name of ['index', 'start', 'Button', 'events-page', 'member-header'])
      writeFileSync(path.join(client, 'assets', `${name}-abc.css`), `.${name.replace('-', '')}{color:red}`);
    writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), ENTRY);
    app = Fastify();
    // The session plugin's part the pages ask: who is logged in (here by a stand-in cookie).
    app.decorateRequest('currentUser', function (this: FastifyRequest) {
      return Promise.resolve(memberOf(this.headers.cookie) ?? null);
    } as unknown as FastifyRequest['currentUser']);
    // The API the render reads: as a visitor, or as the member whose cookie the request carries.
    app.get('/api/events', async () => [{ title: 'Höstresa till Båstad' }]);
    app.get('/api/auth/user', async (_req, reply) => reply.status(401).send({ message: 'Inte inloggad' }));
    app.get('/api/auth/session', async (req) => ({ user: memberOf(req.headers.cookie) ?? null }));
    app.get('/api/me/notes', async (req, reply) => {
      const member = memberOf(req.headers.cookie);
      return member ? { note: member.note } : reply.status(401).send({ message: 'Inte inloggad' });
    });
    await app.register(publicPagesRoutes, {
      db: t.db,
      publicUrl: 'https://singelgolf.example',
      root: client,
      memberPages: true,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts the render, its data and every style rule of the page in the HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/events' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div id="root"><main><h1>/events</h1><p>Höstresa till Båstad</p></main></div>',
    );
    // The data block: the visitor's answers (a 401 is no data), nothing in it can close the element, and the
    // time the markup was drawn at (the browser hydrates clock-dependent text from it).
    const block =
      /<script type="application\/json" id="sg-ssr-state" data-rendered-at="1781251200000">([\s\S]*?)<\/script>/.exec(
        res.body,
      );
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual({
      queries: [{ queryKey: ['/api/events'], events: 1, user: null, text: '</script><b>' }],
    });
    // The first bundle's, the app's and the page's rules inline, each chunk's imports before it; no stylesheet
    // to wait for.
    const style = /<style>([^<]*)<\/style>/.exec(res.body)?.[1];
    expect(style).toBe('.index{color:red}\n.Button{color:red}\n.start{color:red}\n.eventspage{color:red}');
    expect(res.body).not.toMatch(/<link rel="stylesheet" crossorigin/);
    for (const sheet of ['index', 'Button', 'start', 'events-page'])
      expect(res.body).toContain(`<link rel="stylesheet" href="/assets/${sheet}-abc.css" disabled />`);
    expect(res.body).toContain('<title>Evenemang – Singelgolf</title>');
    // The early-tap catcher in <head>, before the markup it guards (issue 33).
    expect(res.body.indexOf(`<script>${EARLY_TAP_CATCHER}</script>`)).toBeGreaterThan(0);
    expect(res.body.indexOf(`<script>${EARLY_TAP_CATCHER}</script>`)).toBeLessThan(
      res.body.indexOf('</head>'),
    );
  });

  it("renders a member's page from their own answers, for them alone (issue 33)", async () => {
    const anna = await app.inject({ method: 'GET', url: '/events', headers: { cookie: 'sid=anna' } });
    expect(anna.statusCode).toBe(200);
    expect(anna.body).toContain('<p>Anna: Annas anteckning</p>');
    // Never kept by a shared cache nor the browser's; the member's side of the header's styles inline.
    expect(anna.headers['cache-control']).toBe('private, no-store');
    expect(anna.headers.vary).toMatch(/Cookie/);
    expect(/<style>([^<]*)<\/style>/.exec(anna.body)?.[1]).toContain('.memberheader{color:red}');
    // The next member at the same address gets their own render, not Anna's (no render is kept for members).
    const bo = await app.inject({ method: 'GET', url: '/events', headers: { cookie: 'sid=bo' } });
    expect(bo.body).toContain('<p>Bo: Bos anteckning</p>');
    expect(bo.body).not.toContain('Anna');
    // A visitor right after gets the shared visitor's render, no member's data in it.
    const visitor = await app.inject({ method: 'GET', url: '/events' });
    expect(visitor.body).not.toMatch(/Anna|Bo:/);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(/<style>([^<]*)<\/style>/.exec(visitor.body)?.[1]).not.toContain('memberheader');
  });

  it("renders a member's own pages for them and gives a visitor the app, which sends them to log in", async () => {
    const profile = await app.inject({ method: 'GET', url: '/profile', headers: { cookie: 'sid=bo' } });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('<div id="root"><main><h1>/profile</h1>');
    expect(profile.body).toContain('<p>Bo: Bos anteckning</p>');
    expect(profile.body).toContain('<title>Min profil | Singelgolf</title>');
    expect(profile.headers['cache-control']).toBe('private, no-store');
    const board = await app.inject({
      method: 'GET',
      url: '/events/7/leaderboard',
      headers: { cookie: 'sid=bo' },
    });
    expect(board.body).toContain('<h1>/events/7/leaderboard</h1>');
    expect(board.body).toContain('<title>Resultattavla | Singelgolf</title>');
    const card = await app.inject({
      method: 'GET',
      url: '/events/7/scorecard',
      headers: { cookie: 'sid=bo' },
    });
    expect(card.body).toContain('<h1>/events/7/scorecard</h1>');
    expect(card.headers['cache-control']).toBe('private, no-store');
    for (const url of [
      '/profile',
      '/members',
      '/messages',
      '/messages/42',
      '/events/7/leaderboard',
      '/events/7/scorecard',
    ]) {
      const visitor = await app.inject({ method: 'GET', url });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toBe(TEMPLATE);
    }
    const conversation = await app.inject({
      method: 'GET',
      url: '/messages/42',
      headers: { cookie: 'sid=anna' },
    });
    expect(conversation.body).toContain('<h1>/messages/42</h1>');
  });

  it('gives the plain page when the render fails', async () => {
    await buildEvent(t.db, { title: 'Vårrundan' });
    const res = await app.inject({ method: 'GET', url: '/events?fail=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Vårrundan');
    expect(res.body).not.toContain('sg-ssr-state');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });
});
