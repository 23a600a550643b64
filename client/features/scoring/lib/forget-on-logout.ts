import { clearScoringOnPhone } from './idb-score-storage';
import { scoreQueue } from './phone-queue';

/**
 * Before a logout: sends what the scorecard still holds (for at most `waitMs`; offline it stays unsent and
 * is forgotten, as the member leaves), then empties the phone's scoring data, so the group's names and
 * handicaps do not stay on a phone the next member uses.
 */
export async function sendAndForgetScores(waitMs: number): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await Promise.race([scoreQueue.flush(), new Promise((r) => setTimeout(r, waitMs))]);
  await clearScoringOnPhone();
}
