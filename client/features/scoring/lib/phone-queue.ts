import { ApiError, apiRequest } from '@client/lib/api';
import type { PlayerScores } from '@common/schemas/scoring';
import { useEffect, useSyncExternalStore } from 'react';
import { idbScoreStorage } from './idb-score-storage';
import { isFinalRefusal, memoryScoreStorage, ScoreQueue, type SendScores } from './score-queue';

type SentListener = (eventId: number, scores: PlayerScores) => void;
const sentListeners = new Set<SentListener>();

/**
 * Hears what the server holds for a player after each accepted send (PUT's answer), before the sent
 * values leave the queue: the scorecard puts it in its cache so a value never blinks away.
 */
export function onScoresSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => {
    sentListeners.delete(listener);
  };
}

/** PUT /api/events/{id}/scores/{userId}, read as the queue needs it. */
const sendScores: SendScores = async (eventId, userId, holes) => {
  try {
    const res = await apiRequest('PUT', `/api/events/${eventId}/scores/${userId}`, { holes });
    const body = (await res.json().catch(() => null)) as PlayerScores | null;
    if (body && Array.isArray(body.scores)) for (const l of sentListeners) l(eventId, body);
    return { kind: 'ok' };
  } catch (err) {
    if (err instanceof ApiError && isFinalRefusal(err.status))
      return { kind: 'rejected', message: err.message || 'Resultatet kunde inte sparas' };
    return { kind: 'retry' };
  }
};

/** The tab's queue: IndexedDB where the browser has it (a private window may not), else memory. */
export const scoreQueue = new ScoreQueue(
  typeof indexedDB === 'undefined' ? memoryScoreStorage() : idbScoreStorage,
  sendScores,
);

/** Retry every this often while something waits (besides the 'online' event and the socket's reconnect). */
const RETRY_EVERY_MS = 15_000;

/**
 * The queue's entries, kept current; while mounted it sends what waits when the page opens, when the
 * browser says it is online again and every 15 s while something waits.
 */
export function useScoreQueue() {
  const entries = useSyncExternalStore(
    (cb) => scoreQueue.subscribe(cb),
    () => scoreQueue.snapshot(),
    () => scoreQueue.snapshot(),
  );
  useEffect(() => {
    void scoreQueue.load().then(() => scoreQueue.flush());
    const online = () => void scoreQueue.flush();
    window.addEventListener('online', online);
    const timer = setInterval(() => {
      if (scoreQueue.snapshot().some((e) => !e.rejected)) void scoreQueue.flush();
    }, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, []);
  return entries;
}
