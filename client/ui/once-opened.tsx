import { useOpenedOnce } from '@client/lib/use-opened-once';
import type { ReactNode } from 'react';

/**
 * Its children from the first time `opened` is true on (issue 33): a dialog a member may never open costs
 * nothing while the page loads and hydrates (Mantine's Modal mounts its parts even while closed), and once
 * opened it stays mounted so it can animate closed.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  return useOpenedOnce(opened) ? children : null;
}
