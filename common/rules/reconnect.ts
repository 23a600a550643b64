import { RECONNECT_BASE_MS, RECONNECT_CAP_MS, RECONNECT_FACTOR, RECONNECT_MAX_ATTEMPTS } from '../limits';

/** Delay before reconnect attempt `attempt` (0-based): 2000 ms × 1.5^attempt, capped at 15,000 ms (spec §9). */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_BASE_MS * RECONNECT_FACTOR ** attempt, RECONNECT_CAP_MS);
}

/** Whether another reconnect may be tried after `attempts` failed ones (at most 3; reset on connect). */
export function mayReconnect(attempts: number): boolean {
  return attempts < RECONNECT_MAX_ATTEMPTS;
}
