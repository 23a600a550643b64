import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, serverSecrets } from '../db/schema';
import { buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/test-app';
import {
  hasValidPushKeys,
  isAllowedPushEndpoint,
  isPublicAddress,
  PushAddressError,
  type ResolvedAddress,
  resolvePublicAddresses,
} from './push.policy';
import { MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER } from './push.queries';
import { PUSH_MESSAGES } from './push.routes';
import { createPushSender, vapidSubject } from './push.sender';
import { startTestPushService, type TestPushService, verifyVapid } from './test-push-service';

let t: TestContext;
let service: TestPushService;

beforeAll(async () => {
  [t, service] = await Promise.all([createTestContext(), startTestPushService()]);
});
afterAll(async () => {
  await Promise.all([t.close(), service.close()]);
});

/** DELETE with a JSON body (the test client's delete sends none). */
const unsubscribe = (c: TestClient, endpoint: unknown) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/push/subscriptions',
    payload: { endpoint },
    headers: { host: 'localhost:5000', origin: TEST_ORIGIN, ...(c.cookie ? { cookie: c.cookie } : {}) },
  });

const rowsOf = (userId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

const payload = (over: Partial<{ title: string; body: string }> = {}) => ({
  id: crypto.randomUUID(),
  title: 'Du har fått en plats',
  body: 'Du är nu anmäld till Höstgolfen på Bro Hof.',
  url: '/events/12',
  ...over,
});

describe('push rules', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['http://127.0.0.1:9000/push', true],
    ['http://localhost/push', true],
    ['http://[::1]:8080/push', true],
    ['http://push.example.com/x', false],
    ['http://10.0.0.1/x', false],
    ['http://127.0.0.1.nip.io/x', false],
    ['ftp://push.example.com/x', false],
    ['https://user:pw@push.example.com/x', false],
    ['not a url', false],
  ])('endpoint %s allowed outside production: %s', (endpoint, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, { production: false })).toBe(allowed);
  });

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://web.push.apple.com/QGx', true],
    ['http://127.0.0.1:9000/push', false],
    ['https://127.0.0.1/push', false],
    ['https://localhost/push', false],
    ['https://[::1]/push', false],
    ['https://10.0.0.1/x', false],
    ['https://intranet/x', false],
    // Issue 28: only the browsers' push services, by host.
    ['https://updates.push.services.mozilla.com/wpush/v2/x', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=x', true],
    ['https://localhost.:8443/x', false],
    ['https://localhost./x', false],
    ['https://127.0.0.1.nip.io/x', false],
    ['https://169.254.169.254.nip.io/latest/meta-data', false],
    ['https://db.internal/x', false],
    ['https://push.example.com/x', false],
    ['https://fcm.googleapis.com./fcm/send/x', false],
    ['https://fcm.googleapis.com:8443/fcm/send/x', false],
    ['https://evilfcm.googleapis.com/x', false],
    ['https://storage.googleapis.com/x', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://push.services.mozilla.com.evil.example/x', false],
    ['http://fcm.googleapis.com/fcm/send/x', false],
  ])('endpoint %s allowed in production: %s', (endpoint, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, { production: true })).toBe(allowed);
  });

  it.each([
    ['142.250.74.138', true],
    ['2a00:1450:400f:80d::200a', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
  ])('address %s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('resolves a host and refuses it when any of its addresses is not public', async () => {
    const answers: Record<string, ResolvedAddress[]> = {
      'fcm.googleapis.com': [{ address: '142.250.74.138', family: 4 }],
      'rebound.example': [
        { address: '142.250.74.138', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ],
      'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
      'nothing.example': [],
    };
    const resolve = async (host: string) => answers[host] ?? [];
    expect(await resolvePublicAddresses('fcm.googleapis.com', resolve)).toEqual(
      answers['fcm.googleapis.com'],
    );
    for (const host of ['rebound.example', 'mapped.example', 'nothing.example', '127.0.0.1', '[::1]']) {
      await expect(resolvePublicAddresses(host, resolve)).rejects.toThrow(PushAddressError);
    }
  });

  it('checks the key shapes', () => {
    const ok = service.browser('/k').subscription.keys;
    expect(hasValidPushKeys(ok)).toBe(true);
    expect(hasValidPushKeys({ ...ok, auth: Buffer.alloc(15).toString('base64url') })).toBe(false);
    expect(hasValidPushKeys({ ...ok, p256dh: Buffer.alloc(65, 5).toString('base64url') })).toBe(false);
    expect(hasValidPushKeys({ ...ok, p256dh: `${ok.p256dh.slice(1)}!` })).toBe(false);
  });

  it('takes the VAPID subject from MAIL_FROM, else the https site', () => {
    expect(vapidSubject('Singelgolf <noreply@singelgolf.se>', 'https://singelgolf.se')).toBe(
      'mailto:noreply@singelgolf.se',
    );
    expect(vapidSubject('info@singelgolf.se', 'https://singelgolf.se')).toBe('mailto:info@singelgolf.se');
    expect(vapidSubject('Singelgolf', 'https://singelgolf.se')).toBe('https://singelgolf.se');
  });
});

describe('GET /api/push/public-key', () => {
  it('answers the stored VAPID public key to anyone, cacheable', async () => {
    const res = await t.anon.get('/api/push/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { publicKey } = res.json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const [stored] = await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys'));
    expect(stored.value).toMatchObject({ publicKey });
    expect(t.app.push.publicKey).toBe(publicKey);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('refuses a visitor with 401', async () => {
    const res = await t.anon.post('/api/push/subscriptions', service.browser('/anon').subscription);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Du måste vara inloggad');
  });

  it('refuses an http endpoint that is not on this machine, and bad keys, with 400', async () => {
    const user = await buildUser(t.db);
    const c = await t.as(user);
    const { keys } = service.browser('/x').subscription;
    const http = await c.post('/api/push/subscriptions', { endpoint: 'http://push.example.com/x', keys });
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe(PUSH_MESSAGES.badEndpoint);
    const badKeys = await c.post('/api/push/subscriptions', {
      endpoint: 'https://push.example.com/y',
      keys: { p256dh: 'A'.repeat(87), auth: keys.auth },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().message).toBe(PUSH_MESSAGES.badKeys);
    const missing = await c.post('/api/push/subscriptions', { endpoint: 'https://push.example.com/z' });
    expect(missing.statusCode).toBe(400);
    expect(typeof missing.json().message).toBe('string');
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("stores an https subscription with 201, and refuses another member's endpoint with 409 (issue 28)", async () => {
    const [a, b] = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    const endpoint = 'https://push.example.com/shared-browser';
    const first = service.browser('/unused').subscription.keys;
    const res = await (await t.as(a)).post(
      '/api/push/subscriptions',
      { endpoint, keys: first },
      { 'user-agent': 'Firefox' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ endpoint });
    expect(await rowsOf(a.id)).toMatchObject([{ endpoint, p256dh: first.p256dh, userAgent: 'Firefox' }]);

    // The attack: B posts A's endpoint with keys of B's own, to take A's notifications (or flood A's browser).
    const second = service.browser('/unused').subscription.keys;
    const again = await (await t.as(b)).post('/api/push/subscriptions', { endpoint, keys: second });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: PUSH_MESSAGES.endpointTaken });
    expect(await rowsOf(b.id)).toHaveLength(0);
    expect(await rowsOf(a.id)).toMatchObject([{ endpoint, p256dh: first.p256dh, auth: first.auth }]);

    // A subscribing the same browser again (new keys) is fine.
    const renewed = await (await t.as(a)).post('/api/push/subscriptions', { endpoint, keys: second });
    expect(renewed.statusCode).toBe(201);
    expect(await rowsOf(a.id)).toMatchObject([{ endpoint, p256dh: second.p256dh, auth: second.auth }]);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER} subscriptions per member, dropping the oldest`, async () => {
    const user = await buildUser(t.db);
    const c = await t.as(user);
    const { keys } = service.browser('/k').subscription;
    const base = new Date(Date.now() - 3_600_000);
    await t.db.insert(pushSubscriptions).values(
      Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER }, (_, i) => ({
        userId: user.id,
        endpoint: `https://push.example.com/limit-${i}`,
        p256dh: keys.p256dh,
        auth: keys.auth,
        createdAt: new Date(base.getTime() + i * 1000),
      })),
    );
    const res = await c.post('/api/push/subscriptions', {
      endpoint: 'https://push.example.com/limit-new',
      keys,
    });
    expect(res.statusCode).toBe(201);
    const endpoints = (await rowsOf(user.id)).map((r) => r.endpoint);
    expect(endpoints).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_MEMBER);
    expect(endpoints).not.toContain('https://push.example.com/limit-0');
    expect(endpoints).toContain('https://push.example.com/limit-1');
    expect(endpoints).toContain('https://push.example.com/limit-new');
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('refuses a visitor with 401 and a bad endpoint with 400', async () => {
    const res = await unsubscribe(t.anon, 'https://push.example.com/x');
    expect(res.statusCode).toBe(401);
    const c = await t.as(await buildUser(t.db));
    const bad = await unsubscribe(c, 'nope');
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe('string');
  });

  it("removes only the member's own subscription", async () => {
    const [owner, other] = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    const sub = service.browser('/own-only').subscription;
    const endpoint = 'https://push.example.com/own-only';
    expect((await (await t.as(owner)).post('/api/push/subscriptions', { ...sub, endpoint })).statusCode).toBe(
      201,
    );

    const foreign = await unsubscribe(await t.as(other), endpoint);
    expect(foreign.statusCode).toBe(204);
    expect(await rowsOf(owner.id)).toHaveLength(1);

    const own = await unsubscribe(await t.as(owner), endpoint);
    expect(own.statusCode).toBe(204);
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });
});

describe('app.push.sendToUser', () => {
  it('sends the encrypted JSON payload with VAPID to every subscription and records the success', async () => {
    const user = await buildUser(t.db);
    const c = await t.as(user);
    const phone = service.browser('/deliver/phone');
    const laptop = service.browser('/deliver/laptop');
    for (const b of [phone, laptop])
      expect((await c.post('/api/push/subscriptions', b.subscription)).statusCode).toBe(201);
    const message = payload({ body: 'Åäö – välkommen!' });

    const result = await t.app.push.sendToUser(user.id, message);
    expect(result).toEqual({ delivered: 2, removed: 0 });

    for (const b of [phone, laptop]) {
      const path = new URL(b.subscription.endpoint).pathname;
      const got = service.received.filter((r) => r.path === path);
      expect(got).toHaveLength(1);
      const [req] = got;
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(req.headers.ttl).toBe(String(24 * 60 * 60));
      const claims = verifyVapid(req.headers.authorization, t.app.push.publicKey, service.origin);
      expect(claims.sub).toMatch(/^mailto:noreply@localhost$/);
      expect(JSON.parse(b.decrypt(req.body))).toEqual(message);
    }
    const rows = await rowsOf(user.id);
    expect(rows.every((r) => r.lastSuccessAt instanceof Date)).toBe(true);
  });

  it('removes subscriptions the push service calls gone (404, 410) and keeps one that failed (500)', async () => {
    const user = await buildUser(t.db);
    const c = await t.as(user);
    const gone = service.browser('/answer/410');
    const missing = service.browser('/answer/404');
    const broken = service.browser('/answer/500');
    service.answer('/answer/410', 410);
    service.answer('/answer/404', 404);
    service.answer('/answer/500', 500);
    for (const b of [gone, missing, broken])
      expect((await c.post('/api/push/subscriptions', b.subscription)).statusCode).toBe(201);

    const result = await t.app.push.sendToUser(user.id, payload());
    expect(result).toEqual({ delivered: 0, removed: 2 });
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => r.endpoint)).toEqual([broken.subscription.endpoint]);
    expect(rows[0].lastSuccessAt).toBeNull();
  });

  it('does not throw for an unreachable or silent push service, and gives up after the timeout', async () => {
    const user = await buildUser(t.db);
    const silent = service.browser('/silent');
    service.answer('/silent', 'hang');
    const unreachable = { ...service.browser('/x').subscription, endpoint: 'http://127.0.0.1:1/push' };
    for (const sub of [silent.subscription, unreachable])
      expect((await (await t.as(user)).post('/api/push/subscriptions', sub)).statusCode).toBe(201);

    const sender = createPushSender({
      db: t.db,
      keys: (await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys')))[0]
        .value as { publicKey: string; privateKey: string },
      subject: 'mailto:noreply@localhost',
      log: t.app.log,
      timeoutMs: 300,
    });
    const started = Date.now();
    expect(await sender.sendToUser(user.id, payload())).toEqual({ delivered: 0, removed: 0 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await rowsOf(user.id)).toHaveLength(2);
    expect(service.received.some((r) => r.path === '/silent')).toBe(true);
  });

  it('answers zero for a member without subscriptions, and shortens a long text', async () => {
    const user = await buildUser(t.db);
    expect(await t.app.push.sendToUser(user.id, payload())).toEqual({ delivered: 0, removed: 0 });
    const b = service.browser('/long');
    expect((await (await t.as(user)).post('/api/push/subscriptions', b.subscription)).statusCode).toBe(201);
    const result = await t.app.push.sendToUser(user.id, payload({ body: 'x'.repeat(5000) }));
    expect(result.delivered).toBe(1);
    const req = service.received.find((r) => r.path === '/long')!;
    const got = JSON.parse(b.decrypt(req.body));
    expect(got.body).toHaveLength(1500);
    expect(got.body.endsWith('…')).toBe(true);
  });
});

describe('app.push in production: only push services, only at public addresses (issue 28)', () => {
  const vapidKeys = async () =>
    (await t.db.select().from(serverSecrets).where(eq(serverSecrets.name, 'vapid_keys')))[0].value as {
      publicKey: string;
      privateKey: string;
    };
  /** A production sender whose resolver answers `answer` and records what it was asked; and its warnings. */
  async function productionSender(answer: ResolvedAddress[]) {
    const asked: string[] = [];
    const warnings: string[] = [];
    const logger = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => warnings.push(JSON.parse(line).msg) } },
    });
    const sender = createPushSender({
      db: t.db,
      keys: await vapidKeys(),
      subject: 'mailto:noreply@singelgolf.se',
      log: logger.log,
      timeoutMs: 500,
      production: true,
      resolve: async (host) => {
        asked.push(host);
        return answer;
      },
    });
    return { sender, asked, warnings };
  }
  const store = async (userId: string, endpoint: string) => {
    const { keys } = service.browser('/unused').subscription;
    await t.db.insert(pushSubscriptions).values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
  };

  it('resolves a push service right before each message and sends nothing when it resolves to this machine or an internal address', async () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '169.254.169.254',
      '::1',
      'fd12::1',
      '::ffff:192.168.0.1',
    ]) {
      const user = await buildUser(t.db);
      await store(user.id, `https://fcm.googleapis.com/fcm/send/rebind-${crypto.randomUUID()}`);
      const { sender, asked, warnings } = await productionSender([
        { address, family: address.includes(':') ? 6 : 4 },
      ]);
      expect(await sender.sendToUser(user.id, payload())).toEqual({ delivered: 0, removed: 0 });
      expect(await sender.sendToUser(user.id, payload())).toEqual({ delivered: 0, removed: 0 });
      // Asked again for every message: an answer that changes later is checked when it is used.
      expect(asked).toEqual(['fcm.googleapis.com', 'fcm.googleapis.com']);
      expect(warnings.filter((w) => w === 'push message refused: not a public address')).toHaveLength(2);
      // Kept: the push service's name is right; only its address was refused this time.
      expect(await rowsOf(user.id)).toHaveLength(1);
    }
  });

  it('removes a subscription stored earlier whose endpoint is no push service, without resolving it', async () => {
    const user = await buildUser(t.db);
    for (const endpoint of [
      'https://localhost.:8443/x',
      'https://127.0.0.1.nip.io/x',
      service.browser('/p').subscription.endpoint,
    ])
      await store(user.id, endpoint);
    const { sender, asked } = await productionSender([{ address: '142.250.74.138', family: 4 }]);
    expect(await sender.sendToUser(user.id, payload())).toEqual({ delivered: 0, removed: 3 });
    expect(asked).toEqual([]);
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect(service.received.some((r) => r.path === '/p')).toBe(false);
  });
});

describe('POST /api/push/subscriptions in production (issue 28)', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestContext({ NODE_ENV: 'production' });
  });
  afterAll(() => prod.close());

  it("refuses endpoints that are not a browser's push service, and takes one that is", async () => {
    const user = await buildUser(prod.db);
    const c = await prod.as(user);
    const { keys } = service.browser('/x').subscription;
    for (const endpoint of [
      'https://localhost.:8443/x',
      'https://127.0.0.1.nip.io/x',
      'https://db.internal/x',
      'https://push.example.com/x',
      service.browser('/loopback').subscription.endpoint,
    ]) {
      const res = await c.post('/api/push/subscriptions', { endpoint, keys });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PUSH_MESSAGES.badEndpoint });
    }
    const ok = await c.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
      keys,
    });
    expect(ok.statusCode).toBe(201);
  });
});
