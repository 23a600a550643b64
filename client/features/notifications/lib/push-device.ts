import { apiErrorMessage, apiErrorStatus } from '@client/lib/api';
import { registerServiceWorker } from '@client/lib/service-worker';
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from '../api/push-api';

/**
 * Web push on this device: 'unsupported' (no service worker, Push API or Notification API, e.g. an
 * iPhone outside the installed app), 'blocked' (the member refused in the browser), 'active' (this
 * browser has a subscription) or 'inactive'.
 */
export type PushState = 'unsupported' | 'blocked' | 'active' | 'inactive';

/** Whether this browser can receive web push at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** The VAPID key in base64url, as the Push API wants it: bytes. */
export function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const SW_READY_TIMEOUT_MS = 10_000;

/** The service worker's registration, waiting (a while) for it to be ready; null without one. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  // Registered a few seconds after the app starts; a member who turns push on sooner registers it now.
  const existing = (await navigator.serviceWorker.getRegistration()) ?? (await registerServiceWorker());
  if (!existing) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SW_READY_TIMEOUT_MS)),
  ]);
}

/** This browser's current push subscription, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** The state to show in the profile, without asking the member anything. */
export async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'inactive';
  const sub = await currentSubscription().catch(() => null);
  return sub ? 'active' : 'inactive';
}

/** Why turning push on did not work, in Swedish, with what to do. */
export class PushSetupError extends Error {}

/** Any failure but the browser's own refusal: what the member can do about it. */
export const PUSH_FAILED_MESSAGE =
  'Kunde inte slå på notiser. Försök igen, eller kontrollera att webbläsaren tillåter notiser för singelgolf.';
export const PUSH_NO_SERVICE_WORKER_MESSAGE =
  'Kunde inte slå på notiser: appens service worker är inte igång. Ladda om sidan och försök igen.';

/**
 * 'Aktivera pushnotiser på den här enheten': asks for permission (only now, on the click), subscribes
 * through the service worker with the server's key and registers the subscription with the server.
 * 'blocked' only when the browser's setting really is 'denied' (some browsers answer 'denied' for a
 * prompt they did not show or that was closed); every other failure is a PushSetupError saying what to do.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (Notification.permission === 'denied') return 'blocked';
  if (permission === 'default') return 'inactive'; // The member closed the question: nothing failed.
  if (permission !== 'granted') throw new PushSetupError(PUSH_FAILED_MESSAGE);
  const reg = await registration().catch(() => null);
  if (!reg) throw new PushSetupError(PUSH_NO_SERVICE_WORKER_MESSAGE);
  try {
    await subscribeAndSave(reg);
  } catch (err) {
    console.error('Pushnotiser', err);
    // The server's own words when it refused (e.g. 'Pushnotiser är inte tillgängliga'), else what to do.
    const refused = apiErrorStatus(err) !== null ? apiErrorMessage(err, '') : '';
    throw new PushSetupError(refused ? `Kunde inte slå på notiser: ${refused}` : PUSH_FAILED_MESSAGE);
  }
  return 'active';
}

/** The browser's subscription with the server's key (a new one when the key changed), saved on the server. */
async function subscribeAndSave(reg: ServiceWorkerRegistration): Promise<void> {
  const key = base64UrlToBytes(await fetchPushPublicKey());
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, key)) {
    // Made with another server key (e.g. the server's keys were replaced): start over.
    await sub.unsubscribe();
    sub = null;
  }
  const subscribe = () => reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  sub ??= await subscribe();
  try {
    await save(sub);
  } catch (err) {
    // 409: this browser's subscription is another account's (someone else turned push on here). The
    // server never moves it; a new subscription of our own replaces it in this browser.
    if (apiErrorStatus(err) !== 409) throw err;
    await sub.unsubscribe();
    await save(await subscribe());
  }
}

/** Registers a browser subscription with the server. */
function save(sub: PushSubscription): Promise<void> {
  const json = sub.toJSON();
  return savePushSubscription({
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
}

function sameKey(sub: PushSubscription, key: Uint8Array): boolean {
  const current = sub.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** 'Stäng av på den här enheten': the server forgets the subscription, then the browser drops it. */
export async function disablePush(): Promise<PushState> {
  const sub = await currentSubscription();
  if (sub) {
    await deletePushSubscription(sub.endpoint);
    await sub.unsubscribe();
  }
  return readPushState();
}
