import { LOGOUT_URL } from '@client/features/auth/lib/auth-urls';
import type { MouseEvent } from 'react';

/** Longest wait for the phone's unsent scores before the logout goes on. */
const SEND_WAIT_MS = 3000;

/**
 * 'Logga ut' is a plain link (it works before the script runs); with the script, the phone's scoring data
 * is sent and forgotten first (loaded only now, it is not part of the first bundle), then the link is
 * followed. A failure there never stops the logout.
 */
export function logoutFirstForgettingPhoneData(e: MouseEvent<HTMLElement>): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  import('@client/features/scoring/lib/forget-on-logout')
    .then((m) => m.sendAndForgetScores(SEND_WAIT_MS))
    .catch(() => undefined)
    .finally(() => window.location.assign(LOGOUT_URL));
}
