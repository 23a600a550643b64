import { useAuth } from '@client/features/auth/hooks/use-auth';
import { lazy } from 'react';
import { PageLoader } from '../page-loader';

const LandingPage = lazy(() => import('./landing-page').then((m) => ({ default: m.LandingPage })));
const MemberDashboardPage = lazy(() =>
  import('./member-dashboard-page').then((m) => ({ default: m.MemberDashboardPage })),
);
const AdminDashboardPage = lazy(() =>
  import('@client/features/admin/pages/admin-dashboard-page').then((m) => ({
    default: m.AdminDashboardPage,
  })),
);

/** '/': landing page for visitors, member dashboard for members, admin dashboard for role admin. */
export function HomePage() {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return <PageLoader />;
  if (!user) return <LandingPage />;
  if (isAdmin) return <AdminDashboardPage />;
  return <MemberDashboardPage user={user} />;
}
