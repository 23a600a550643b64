import { useAuth } from '@client/features/auth/hooks/use-auth';
import { HydrationPart } from '@client/ui/hydration-part';
import { Box, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../page-loader';
import { RouteErrorBoundary } from '../route-error-boundary';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ScrollToTop } from './scroll-to-top';

// Floating over the page from the `sm` width up (phones have it in the footer), in its own chunk loaded
// only on such screens: a phone never loads its tooltip positioning (issue 17).
const FeedbackButton = lazy(() =>
  import('@client/features/feedback/components/feedback-button').then((m) => ({ default: m.FeedbackButton })),
);

/**
 * The floating feedback button on wide screens. Its own component: the screen width and the login it reads
 * change after the first render, and only it draws again then, not the layout, whose parts a server-rendered
 * page hydrates one by one (issue 17).
 */
function FloatingFeedback() {
  const { isAuthenticated } = useAuth();
  // The theme's `sm` breakpoint, where the button shows (visibleFrom="sm").
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`);
  return wide ? (
    <Suspense fallback={null}>
      <FeedbackButton isAuthenticated={isAuthenticated} />
    </Suspense>
  ) : null;
}

/**
 * The current page, loaded lazily, with the error page in its place when it fails. Its own component: it
 * reads the location, and only it draws again on a navigation, not the layout's parts.
 */
function CurrentPage() {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** A skip link, header, the current page (lazy-loaded), footer and the floating feedback button. */
export function AppLayout() {
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Hoppa till innehållet
      </a>
      <HydrationPart>
        <AppHeader />
      </HydrationPart>
      {/* At least a screen tall: the footer starts below the fold and never jumps as a page loads. */}
      <Box component="main" id="main" tabIndex={-1} flex={1} mih="100dvh" style={{ outline: 'none' }}>
        <CurrentPage />
      </Box>
      <HydrationPart>
        <AppFooter />
      </HydrationPart>
      <FloatingFeedback />
      <ScrollToTop />
    </Box>
  );
}
