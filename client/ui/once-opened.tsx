import { afterInteractive } from '@client/lib/after-interactive';
import { useOpenedOnce } from '@client/lib/use-opened-once';
import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Its children from the first time `opened` is true on (issue 33): a dialog a member may never open costs
 * nothing while the page loads and hydrates (Mantine's Modal mounts its parts even while closed), and once
 * opened it stays mounted so it can animate closed.
 *
 * `early`: the dialog a member is likely to open (the registration) is also mounted, closed, once the page
 * is interactive, in a transition (React renders it in slices, no long task): its first opening then only
 * draws the dialog, not its mount on top (Mantine's Portal mounts in two passes).
 */
export function OnceOpened({
  opened,
  early = false,
  children,
}: {
  opened: boolean;
  early?: boolean;
  children: ReactNode;
}) {
  const once = useOpenedOnce(opened);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!early) return;
    let live = true;
    void afterInteractive().then(() => {
      if (live) startTransition(() => setIdle(true));
    });
    return () => {
      live = false;
    };
  }, [early]);
  return once || idle ? children : null;
}
