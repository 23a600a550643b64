import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  enablePush,
  PUSH_FAILED_MESSAGE,
  PUSH_NO_SERVICE_WORKER_MESSAGE,
  PushSetupError,
} from './push-device';

// The browser's Notification, service worker and Push APIs, and the server (fetch), stubbed at the
// boundary: enablePush runs as written.

const KEY = `B${'A'.repeat(86)}`;

interface Browser {
  /** What requestPermission answers, and what Notification.permission is afterwards. */
  answer: NotificationPermission;
  after: NotificationPermission;
  registration: 'ready' | 'none';
  subscribe: () => Promise<unknown>;
  /** The server's answer to POST /api/push/subscriptions. */
  save: { status: number; body?: unknown };
}

function stubBrowser(b: Browser) {
  let permission: NotificationPermission = 'default';
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: vi.fn(async () => {
      permission = b.after;
      return b.answer;
    }),
  });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  const subscription = {
    endpoint: 'https://push.example/abc',
    options: { applicationServerKey: null },
    toJSON: () => ({ keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
  const reg = {
    pushManager: {
      getSubscription: vi.fn(async () => null),
      subscribe: vi.fn(async () => {
        await b.subscribe();
        return subscription;
      }),
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (b.registration === 'ready' ? reg : undefined),
      register: async () => {
        throw new Error('no sw.js here');
      },
      ready: Promise.resolve(reg),
    },
  });
  const fetchMock = vi.fn(async (url: string) => {
    if (url.endsWith('/api/push/public-key')) return Response.json({ publicKey: KEY });
    return new Response(b.save.body === undefined ? null : JSON.stringify(b.save.body), {
      status: b.save.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { reg, fetchMock };
}

const ok: Browser = {
  answer: 'granted',
  after: 'granted',
  registration: 'ready',
  subscribe: async () => undefined,
  save: { status: 201, body: { ok: true } },
};

describe('enablePush', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('subscribes and saves the subscription when the member allows notices', async () => {
    const { fetchMock } = stubBrowser(ok);
    await expect(enablePush()).resolves.toBe('active');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/push/subscriptions',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it("is 'blocked' only when the browser's setting really is 'denied'", async () => {
    stubBrowser({ ...ok, answer: 'denied', after: 'denied' });
    await expect(enablePush()).resolves.toBe('blocked');
  });

  it("says what to do when the browser answers 'denied' without the setting being denied", async () => {
    stubBrowser({ ...ok, answer: 'denied', after: 'default' });
    await expect(enablePush()).rejects.toEqual(new PushSetupError(PUSH_FAILED_MESSAGE));
  });

  it('changes nothing when the member closes the question', async () => {
    stubBrowser({ ...ok, answer: 'default', after: 'default' });
    await expect(enablePush()).resolves.toBe('inactive');
  });

  it('says to reload when there is no service worker', async () => {
    stubBrowser({ ...ok, registration: 'none' });
    await expect(enablePush()).rejects.toEqual(new PushSetupError(PUSH_NO_SERVICE_WORKER_MESSAGE));
  });

  it('says what to do when the push service refuses the subscription', async () => {
    stubBrowser({
      ...ok,
      subscribe: async () => {
        throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      },
    });
    const err = await enablePush().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PushSetupError);
    expect((err as Error).message).toBe(PUSH_FAILED_MESSAGE);
    expect((err as Error).message).not.toMatch(/nekat|denied/);
  });

  it("gives the server's words when the server refuses", async () => {
    stubBrowser({
      ...ok,
      save: { status: 503, body: { message: 'Pushnotiser är inte tillgängliga just nu' } },
    });
    await expect(enablePush()).rejects.toEqual(
      new PushSetupError('Kunde inte slå på notiser: Pushnotiser är inte tillgängliga just nu'),
    );
  });
});
