import type { QueuedScore, ScoreStorage } from './score-queue';

/**
 * The phone's IndexedDB for scoring: `scores` (the outbox of score-queue.ts) and `cards` (the last
 * scorecard the server sent per event, so the card opens again without a connection).
 */
const DB_NAME = 'singelgolf-scoring';
const DB_VERSION = 1;

let opened: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('scores')) db.createObjectStore('scores', { keyPath: 'key' });
      if (!db.objectStoreNames.contains('cards')) db.createObjectStore('cards');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  }).catch((err) => {
    opened = null;
    throw err;
  });
  return opened;
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

const result = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

/** The outbox in IndexedDB. */
export const idbScoreStorage: ScoreStorage = {
  async all() {
    const db = await openDb();
    return result(db.transaction('scores').objectStore('scores').getAll() as IDBRequest<QueuedScore[]>);
  },
  async put(entry) {
    const db = await openDb();
    const tx = db.transaction('scores', 'readwrite');
    tx.objectStore('scores').put(entry);
    await done(tx);
  },
  async removeIf(key, enteredAt) {
    const db = await openDb();
    const tx = db.transaction('scores', 'readwrite');
    const store = tx.objectStore('scores');
    const req = store.get(key);
    req.onsuccess = () => {
      if ((req.result as QueuedScore | undefined)?.enteredAt === enteredAt) store.delete(key);
    };
    await done(tx);
  },
};

/** Keeps the last scorecard of an event on the phone. */
export async function saveCard(eventId: number, card: unknown): Promise<void> {
  const db = await openDb();
  const tx = db.transaction('cards', 'readwrite');
  tx.objectStore('cards').put(card, eventId);
  await done(tx);
}

/** The scorecard kept on the phone, or null. */
export async function loadCard<T>(eventId: number): Promise<T | null> {
  const db = await openDb();
  return ((await result(db.transaction('cards').objectStore('cards').get(eventId))) as T | undefined) ?? null;
}

/** Empties both stores (at logout: the next member on this phone sees nothing of this one's group). */
export async function clearScoringOnPhone(): Promise<void> {
  const db = await openDb();
  const tx = db.transaction(['scores', 'cards'], 'readwrite');
  tx.objectStore('scores').clear();
  tx.objectStore('cards').clear();
  await done(tx);
}
