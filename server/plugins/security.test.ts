import { createHash } from 'node:crypto';
import { EARLY_TAP_CATCHER } from '@common/early-taps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../db/schema';
import { buildEvent, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

describe('security', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ RATE_LIMIT_WRITES_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('refuses a state-changing call from another origin, or with no origin at all', async () => {
    const c = await t.as(await buildUser(t.db));
    const evil = await c.post('/api/feedback', { rating: 5 }, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toBe('Begäran nekades: okänt ursprung');
    const none = await c.post('/api/feedback', { rating: 5 }, { origin: '' });
    expect(none.statusCode).toBe(403);
    // A same-site Referer is enough when Origin is absent.
    const referer = await c.post(
      '/api/feedback',
      { rating: 5 },
      { origin: '', referer: 'http://localhost:5000/events' },
    );
    expect(referer.statusCode).toBe(201);
    expect(await t.db.select().from(feedback)).toHaveLength(1);
  });

  it('limits writes per member and answers 429 with a message', async () => {
    const c = await t.as(await buildUser(t.db));
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await c.post('/api/feedback', { rating: 3 })).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
    const res = await c.post('/api/feedback', { rating: 3 });
    expect(res.json().message).toBe('För många förfrågningar. Försök igen om en stund.');
    // Another member has a budget of their own.
    const other = await t.as(await buildUser(t.db));
    expect((await other.post('/api/feedback', { rating: 3 })).statusCode).toBe(201);
  });

  it('sends a page a Content-Security-Policy and no-sniff headers', async () => {
    const res = await t.anon.get('/events');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    // One inline script is allowed, by its hash: the early-tap catcher of a server-rendered page (issue 33).
    const catcherHash = createHash('sha256').update(EARLY_TAP_CATCHER).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${catcherHash}' `);
    expect(res.headers['content-security-policy']).not.toContain("unsafe-inline' https://js");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined(); // served over http here
    // The API's own HTML pages keep the pages' policy.
    const docs = await t.anon.get('/api/docs/');
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    const unsubscribe = await t.anon.get('/api/unsubscribe/not-a-token', { accept: 'text/html' });
    expect(unsubscribe.headers['content-type']).toContain('text/html');
    expect(unsubscribe.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it("sends the API's JSON answers a policy that lets them load, run and be framed by nothing", async () => {
    const res = await t.anon.get('/api/events');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined(); // only a page opens windows
    // Whatever else the API sends (an image, a calendar, a PDF) keeps the full set.
    const event = await buildEvent(t.db);
    const calendar = await t.anon.get(`/api/events/${event.id}/calendar.ics`);
    expect(calendar.headers['content-type']).toContain('text/calendar');
    expect(calendar.headers['content-security-policy']).toContain("default-src 'self'");
    // Error answers carry them too.
    const missing = await t.anon.get('/api/events/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends the built client's scripts and styles only the headers a subresource needs", async () => {
    const asset = await t.anon.get('/assets/index-abc123.js');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ])
      expect(asset.headers[name]).toBeUndefined();
    // A page (and anything outside /assets/) keeps the full set.
    const page = await t.anon.get('/events');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sets the session cookie httpOnly and SameSite=Lax, Secure only over https', async () => {
    const res = await t.anon.get('/api/login');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/sg\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });
});
