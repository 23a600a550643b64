import { useAuth } from '@client/features/auth/hooks/use-auth';
import { FeedbackButton } from '@client/features/feedback/components/feedback-button';
import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../page-loader';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { ScrollToTop } from './scroll-to-top';

/** A skip link, header, the current page (lazy-loaded), footer and the floating feedback button. */
export function AppLayout() {
  const { isAuthenticated } = useAuth();
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Hoppa till innehållet
      </a>
      <AppHeader />
      {/* At least a screen tall: the footer starts below the fold and never jumps as a page loads. */}
      <Box component="main" id="main" tabIndex={-1} flex={1} mih="100dvh" style={{ outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <AppFooter />
      <FeedbackButton isAuthenticated={isAuthenticated} />
      <ScrollToTop />
    </Box>
  );
}
