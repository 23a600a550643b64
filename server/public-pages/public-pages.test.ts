import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { publicPagesRoutes } from './public-pages.routes';

const TEMPLATE = `<!doctype html>
<html lang="sv">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Singelgolf – golfgemenskapen för singlar." />
    <title>Singelgolf</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The JSON-LD blocks of a page, parsed (a block that is not valid JSON fails the test). */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );

describe('server-rendered public pages (issue 17)', () => {
  let t: TestContext;
  let app: FastifyInstance;
  let dir: string;
  const publicUrl = 'https://singelgolf.example';

  beforeAll(async () => {
    t = await createTestContext();
    dir = mkdtempSync(path.join(tmpdir(), 'sg-public-'));
    writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
    app = Fastify();
    await app.register(publicPagesRoutes, { db: t.db, publicUrl, root: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('/events lists the events not over yet, each linked, with an ItemList', async () => {
    const soon = await buildEvent(t.db, { title: 'Höstresa till Båstad' });
    const past = await buildEvent(t.db, {
      title: 'Vårrundan som varit',
      startTime: new Date(Date.now() - 10 * 86_400_000),
      endTime: new Date(Date.now() - 10 * 86_400_000 + 3_600_000),
    });
    const res = await app.inject({ method: 'GET', url: '/events' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Evenemang – Singelgolf</title>');
    expect(res.body).toContain(`<a href="/events/${soon.id}">Höstresa till Båstad</a>`);
    expect(res.body).not.toContain(past.title);
    const [list] = jsonLd(res.body);
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toContainEqual(
      expect.objectContaining({ name: 'Höstresa till Båstad', url: `${publicUrl}/events/${soon.id}` }),
    );
    // One title and one description: the template's are replaced.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('an event page carries schema.org Event with status, place, offer and capacity from the real counts', async () => {
    const e = await buildEvent(t.db, {
      title: 'Singeltävlingen',
      location: 'Bro Hof Slott',
      price: 1495,
      maxParticipants: 4,
      description: 'Slagtävling och middag.',
    });
    for (let i = 0; i < 3; i++)
      await buildRegistration(t.db, { eventId: e.id, userId: (await buildPro(t.db)).id });
    const res = await app.inject({ method: 'GET', url: `/events/${e.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Singeltävlingen – Singelgolf</title>');
    expect(res.body).toContain(`<meta property="og:url" content="${publicUrl}/events/${e.id}" />`);
    expect(res.body).toContain('<link rel="canonical"');
    expect(res.body).toContain('<h1>Singeltävlingen</h1>');
    const [ld] = jsonLd(res.body);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Singeltävlingen',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Bro Hof Slott' },
      offers: {
        '@type': 'Offer',
        price: 1495,
        priceCurrency: 'SEK',
        availability: 'https://schema.org/InStock',
      },
      maximumAttendeeCapacity: 4,
      remainingAttendeeCapacity: 1,
      startDate: e.startTime.toISOString(),
    });

    await buildRegistration(t.db, { eventId: e.id, userId: (await buildPro(t.db)).id });
    const full = jsonLd((await app.inject({ method: 'GET', url: `/events/${e.id}` })).body)[0];
    expect(full.offers.availability).toBe('https://schema.org/SoldOut');
    expect(full.remainingAttendeeCapacity).toBe(0);

    const cancelled = await buildEvent(t.db, { title: 'Inställd resa', status: 'cancelled' });
    const ldCancelled = jsonLd((await app.inject({ method: 'GET', url: `/events/${cancelled.id}` })).body)[0];
    expect(ldCancelled.eventStatus).toBe('https://schema.org/EventCancelled');
  });

  it('escapes what an organiser typed, in the HTML and in the JSON-LD', async () => {
    const e = await buildEvent(t.db, { title: 'Golf </script><script>alert(1)</script> & "fika"' });
    const res = await app.inject({ method: 'GET', url: `/events/${e.id}` });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain(
      'Golf &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;fika&quot;',
    );
    expect(jsonLd(res.body)[0].name).toBe('Golf </script><script>alert(1)</script> & "fika"');
  });

  it('answers 404 for an unknown event, the app unchanged for other addresses, brotli or gzip as accepted', async () => {
    expect((await app.inject({ method: 'GET', url: '/events/999999' })).statusCode).toBe(404);
    const form = await app.inject({ method: 'GET', url: '/events/new' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toBe(TEMPLATE);
    const br = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    const zipped = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    for (const html of [
      brotliDecompressSync(br.rawPayload).toString('utf8'),
      gunzipSync(zipped.rawPayload).toString('utf8'),
    ]) {
      expect(html).toContain('<title>Singelgolf – golfgemenskapen för singlar</title>');
      expect(html).toContain('Höstresa till Båstad');
    }
  });
});
