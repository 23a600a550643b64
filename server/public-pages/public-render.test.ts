import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
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
  async renderApp(url, load, onError) {
    if (url.includes('fail')) throw new Error('render failed');
    const events = await load('/api/events');
    const user = await load('/api/auth/user');
    return {
      html: '<main><h1>' + url + '</h1><p>' + events.map((e) => e.title).join(', ') + '</p></main>',
      state: { queries: [{ queryKey: ['/api/events'], events: events.length, user: user ?? null, text: '</script><b>' }] },
    };
  },
  pageModules: (url) => ['start.tsx', ...(url.startsWith('/events') ? ['events-page.tsx'] : [])],
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
};

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
    for (const name of ['index', 'start', 'Button', 'events-page'])
      writeFileSync(path.join(client, 'assets', `${name}-abc.css`), `.${name.replace('-', '')}{color:red}`);
    writeFileSync(path.join(dir, 'ssr', 'entry-server.js'), ENTRY);
    app = Fastify();
    // The API the render reads as a visitor.
    app.get('/api/events', async () => [{ title: 'Höstresa till Båstad' }]);
    app.get('/api/auth/user', async (_req, reply) => reply.status(401).send({ message: 'Inte inloggad' }));
    await app.register(publicPagesRoutes, {
      db: t.db,
      publicUrl: 'https://singelgolf.example',
      root: client,
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
    // The data block: the visitor's answers (a 401 is no data), nothing in it can close the element.
    const block = /<script type="application\/json" id="sg-ssr-state">([\s\S]*?)<\/script>/.exec(res.body);
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
