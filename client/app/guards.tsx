import { currentUserQuery } from '@client/features/auth/api/current-user-query';
import { useAuth } from '@client/features/auth/hooks/use-auth';
import { goToLogin } from '@client/features/auth/lib/auth-urls';
import { ApiError } from '@client/lib/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from './page-loader';

/** Sends a visitor to the login address (full navigation), coming back here afterwards. */
function useLoginRedirect(active: boolean) {
  const location = useLocation();
  useEffect(() => {
    if (active) goToLogin(location.pathname + location.search);
  }, [active, location.pathname, location.search]);
}

/** Layout route for logged-in-only pages (spec §6): visitors go to /api/login. */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useAuth();
  useLoginRedirect(!isLoading && !isAuthenticated);
  if (isLoading || !isAuthenticated) return <PageLoader />;
  return <Outlet />;
}

/**
 * Layout route for the scorecard (issue 29): as RequireAuth, but when the session could not be asked at
 * all (no connection: the phone lost its signal on the course and the page was reloaded), the page opens
 * anyway from what the phone kept; the server still decides every score once the connection is back.
 */
export function RequireAuthUnlessOffline() {
  const { isAuthenticated } = useAuth();
  const { data, error } = useQuery(currentUserQuery);
  const offlineNow = error !== null && !(error instanceof ApiError);
  // Latched: a new observer's refetch of the failed session sets it back to pending, and showing the
  // loader then would unmount the page, whose remount refetches again (a loop, seen offline).
  const [wasOffline, setWasOffline] = useState(false);
  if (offlineNow && !wasOffline) setWasOffline(true);
  const loggedOut = data === null;
  useLoginRedirect(loggedOut);
  if (isAuthenticated || (!loggedOut && (offlineNow || wasOffline))) return <Outlet />;
  return <PageLoader />;
}

/** Layout route for admin-only pages: visitors go to login, other members to /. */
export function RequireAdmin() {
  const { isLoading, isAuthenticated, isAdmin } = useAuth();
  useLoginRedirect(!isLoading && !isAuthenticated);
  if (isLoading || !isAuthenticated) return <PageLoader />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
