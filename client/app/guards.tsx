import { useAuth } from '@client/features/auth/hooks/use-auth';
import { goToLogin } from '@client/features/auth/lib/auth-urls';
import { useEffect } from 'react';
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

/** Layout route for admin-only pages: visitors go to login, other members to /. */
export function RequireAdmin() {
  const { isLoading, isAuthenticated, isAdmin } = useAuth();
  useLoginRedirect(!isLoading && !isAuthenticated);
  if (isLoading || !isAuthenticated) return <PageLoader />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
