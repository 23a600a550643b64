/// <reference lib="webworker" />
/**
 * The service worker (/sw.js, built by vite-plugin-pwa's injectManifest): precaches the built app shell,
 * answers page loads from the network (the precached index.html only when offline), shows web push
 * notices and opens a notice's page on click. It never touches /api/, /idp/ or the WebSocket: nothing
 * from there is cached. A new version activates at once (skipWaiting + clientsClaim) and drops the old
 * precache, so no member is stuck on an old build.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Only the built files by their exact address ('/' and page paths are no precache hits: see below).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

/** Paths the server answers itself (API, login issuer, socket, test checkout, health): never intercepted. */
const SERVER_PATHS = /^\/(api|idp|ws|test-checkout|healthz|readyz)(\/|$)/;

// Page loads: always the network (a fresh index.html that names the current build); offline, the shell.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || SERVER_PATHS.test(url.pathname)) return;
  event.respondWith(
    fetch(request).catch(async (err: unknown) => {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw err;
    }),
  );
});

type PushData = { id: string; title: string; body: string; url: string };

/** The push message's JSON (common/schemas/notifications.ts pushPayloadSchema), or a plain notice. */
function readPush(event: PushEvent): PushData {
  try {
    const data: unknown = event.data?.json();
    if (data && typeof data === 'object') {
      const d = data as Record<string, unknown>;
      return {
        id: typeof d.id === 'string' ? d.id : '',
        title: typeof d.title === 'string' && d.title ? d.title : 'Singelgolf',
        body: typeof d.body === 'string' ? d.body : '',
        url: typeof d.url === 'string' ? d.url : '/notifications',
      };
    }
  } catch {
    // Not JSON: show the text as it came.
  }
  return { id: '', title: 'Singelgolf', body: event.data?.text() ?? '', url: '/notifications' };
}

self.addEventListener('push', (event) => {
  const push = readPush(event);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      icon: '/icons/pwa-192.png',
      badge: '/icons/pwa-192.png',
      lang: 'sv',
      // One notice per id: a later push for the same notice replaces it.
      tag: push.id || undefined,
      data: { url: push.url },
    }),
  );
});

/** A notice's address in this site; anything else leads to the notices page. */
function siteUrl(raw: unknown): string {
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/notifications', self.location.origin);
    return url.origin === self.location.origin
      ? url.href
      : new URL('/notifications', self.location.origin).href;
  } catch {
    return new URL('/notifications', self.location.origin).href;
  }
}

// A click on a notice: focus a tab of the site already there, else take an open tab there, else open one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = siteUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const there = tabs.find((c) => c.url === url);
      if (there) {
        await there.focus();
        return;
      }
      for (const tab of tabs) {
        if (new URL(tab.url).origin !== self.location.origin) continue;
        try {
          const focused = await tab.focus();
          await focused.navigate(url);
          return;
        } catch {
          // A tab this worker does not control cannot be navigated: open a new one instead.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser replaced the subscription (e.g. it expired): register the new one for the same member.
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
  };
  change.waitUntil(
    (async () => {
      const key = change.oldSubscription?.options.applicationServerKey;
      const sub =
        change.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (!sub) return;
      const json = sub.toJSON();
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ endpoint: sub.endpoint, keys: json.keys }),
      });
      if (change.oldSubscription && change.oldSubscription.endpoint !== sub.endpoint) {
        await fetch('/api/push/subscriptions', {
          method: 'DELETE',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ endpoint: change.oldSubscription.endpoint }),
        });
      }
    })(),
  );
});
