import { useOpenedOnce } from '@client/lib/use-opened-once';
import { lazy, Suspense } from 'react';

// Its own chunk, fetched when first opened: every page shows the button, few members open it.
const FeedbackDialog = lazy(() => import('./feedback-dialog').then((m) => ({ default: m.FeedbackDialog })));

/** The dialog once it has been opened (kept mounted afterwards so it can animate closed). */
export function LazyFeedbackDialog(props: {
  opened: boolean;
  onClose: () => void;
  isAuthenticated: boolean;
}) {
  if (!useOpenedOnce(props.opened)) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog {...props} />
    </Suspense>
  );
}
