import { randomUUID } from 'node:crypto';

/** The NOTIFY channel that wakes the fan-out job when notices were committed. */
export const NOTIFICATIONS_CHANNEL = 'sg_notifications';

/**
 * Up to this many notices written together travel one NOTIFY each, carrying the notice. More are
 * announced with one NOTIFY for the whole set (`{ ref: 'notifications', batch, since }`): the rows
 * carry the set's marker in `data.batch`, and each instance loads the ones of its connected members
 * (server/realtime/realtime.routes.ts). 2,000 NOTIFYs at commit cost more than the INSERT itself.
 */
export const LIVE_EACH_MAX = 50;

/** A new marker for a set of notices announced together (`data.batch`). */
export function newBatch(): string {
  return randomUUID();
}
