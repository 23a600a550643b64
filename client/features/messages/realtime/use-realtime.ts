import { useAuth } from '@client/features/auth/hooks/use-auth';
import { afterInteractive } from '@client/lib/after-interactive';
import type { ServerRealtimeEvent } from '@common/schemas/messages';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type RealtimeStatus, realtime } from './realtime-connection';

let users = 0;

/**
 * Keeps the tab's realtime connection open while a logged-in component needs it. It opens once the page is
 * interactive (lib/after-interactive.ts): the header asks for it on every member page, as the page hydrates.
 */
function useConnection(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    users++;
    let mounted = true;
    void afterInteractive().then(() => {
      if (mounted) realtime.start(userId);
    });
    const online = () => realtime.retry();
    window.addEventListener('online', online);
    return () => {
      mounted = false;
      window.removeEventListener('online', online);
      users--;
      if (users === 0) realtime.stop();
    };
  }, [userId]);
}

/** Calls `onEvent` for every pushed event while mounted (and logged in). */
export function useRealtime(onEvent: (event: ServerRealtimeEvent) => void): void {
  const { user } = useAuth();
  useConnection(user?.id);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => realtime.subscribe((e) => handler.current(e)), []);
}

/** Receives the event's group chat messages live while mounted (see RealtimeConnection.watchEventChat). */
export function useWatchEventChat(eventId: number): void {
  useEffect(() => realtime.watchEventChat(eventId), [eventId]);
}

/** Receives the event's leaderboard live while mounted (see RealtimeConnection.watchLeaderboard). */
export function useWatchLeaderboard(eventId: number): void {
  useEffect(() => realtime.watchLeaderboard(eventId), [eventId]);
}

/** 'connected' or 'disconnected'. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (cb) => realtime.onStatus(cb),
    () => realtime.status,
    () => 'disconnected',
  );
}
