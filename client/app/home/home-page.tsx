import { useAuth } from '@client/features/auth/hooks/use-auth';
import { lazyPage } from '@client/lib/lazy-page';
import { PageLoader } from '../page-loader';

const LandingPage = lazyPage(() => import('./landing-page').then((m) => m.LandingPage));

/** The landing page's chunk: a visitor's '/' comes rendered by the server and is hydrated with it. */
export const preloadHomeForVisitor = LandingPage.preload;
const MemberDashboardPage = lazyPage(() =>
  import('./member-dashboard-page').then((m) => m.MemberDashboardPage),
);
const AdminDashboardPage = lazyPage(() =>
  import('@client/features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage),
);

/** '/': landing page for visitors, member dashboard for members, admin dashboard for role admin. */
export function HomePage() {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return <PageLoader />;
  if (!user) return <LandingPage />;
  if (isAdmin) return <AdminDashboardPage />;
  return <MemberDashboardPage user={user} />;
}
