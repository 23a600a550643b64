import type { Leaderboard } from '@common/schemas/scoring';
import type { RealtimeHub } from './realtime.hub';

/** At most one leaderboard push per event and instance in this interval (a burst of scores is one push). */
export const LEADERBOARD_PUSH_INTERVAL_MS = 250;

interface EventState {
  timer: NodeJS.Timeout | null;
  running: boolean;
  again: boolean;
  lastAt: number;
  /** How long the last load and send took: the next waits at least three times that (see below). */
  cost: number;
}

/**
 * Coalesces leaderboard pushes per event on this instance (issue 29): a change announced on the
 * leaderboard channel schedules one load of the leaderboard, at once when none went out in the last
 * interval, else at the end of it; changes arriving meanwhile ride along. Nothing is loaded for an event
 * nobody here watches.
 */
export function createLeaderboardPusher(o: {
  hub: RealtimeHub;
  load: (eventId: number) => Promise<Leaderboard | null>;
  onError: (err: unknown) => void;
  intervalMs?: number;
}) {
  const interval = o.intervalMs ?? LEADERBOARD_PUSH_INTERVAL_MS;
  const states = new Map<number, EventState>();
  let stopped = false;

  function schedule(eventId: number, state: EventState) {
    // At most a third of the time goes to one event's pushes: on a loaded server (PGlite is one
    // connection) the pushes slow down instead of starving the score writes.
    const delay = Math.max(0, state.lastAt + Math.max(interval, 3 * state.cost) - Date.now());
    state.timer = setTimeout(() => void run(eventId, state), delay);
    state.timer.unref();
  }

  async function run(eventId: number, state: EventState) {
    state.timer = null;
    if (stopped) return;
    state.running = true;
    state.lastAt = Date.now();
    try {
      if (o.hub.leaderboardWatchers(eventId) > 0) {
        const leaderboard = await o.load(eventId);
        if (leaderboard) o.hub.deliverLeaderboard(eventId, { type: 'leaderboard', data: { leaderboard } });
      }
    } catch (err) {
      o.onError(err);
    } finally {
      state.running = false;
      state.cost = Date.now() - state.lastAt;
    }
    if (state.again && !stopped) {
      state.again = false;
      schedule(eventId, state);
    } else if (o.hub.leaderboardWatchers(eventId) === 0) {
      states.delete(eventId);
    }
  }

  return {
    /** An event's leaderboard changed (any instance). */
    changed(eventId: number) {
      if (stopped || o.hub.leaderboardWatchers(eventId) === 0) return;
      let state = states.get(eventId);
      if (!state) {
        state = { timer: null, running: false, again: false, lastAt: 0, cost: 0 };
        states.set(eventId, state);
      }
      if (state.running) state.again = true;
      else if (!state.timer) schedule(eventId, state);
    },
    stop() {
      stopped = true;
      for (const s of states.values()) if (s.timer) clearTimeout(s.timer);
      states.clear();
    },
  };
}
