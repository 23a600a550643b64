import type { Db } from '../db/client';
import { notifyThrough } from '../db/realtime-channel';

/**
 * The NOTIFY channel that tells every instance an event's leaderboard changed (the payload is the event
 * id). Sent through the writing transaction: delivered at commit, only if it commits. The realtime hub
 * (server/realtime, above) listens and pushes the new leaderboard to the sockets watching it.
 */
export const LEADERBOARD_CHANNEL = 'sg_leaderboard';

/** Announces that an event's leaderboard changed. */
export async function announceLeaderboard(tx: Db, eventId: number): Promise<void> {
  await notifyThrough(tx, LEADERBOARD_CHANNEL, [String(eventId)]);
}
