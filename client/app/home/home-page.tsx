import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import { useAuth } from '@client/features/auth/hooks/use-auth';
import { lazyPage } from '@client/lib/lazy-page';
import type { FullUser } from '@common/schemas/users';
import type { QueryClient } from '@tanstack/react-query';
import { PageLoader } from '../page-loader';

const LandingPage = lazyPage(() => import('./landing-page').then((m) => m.LandingPage));

const MemberDashboardPage = lazyPage(() =>
  import('./member-dashboard-page').then((m) => m.MemberDashboardPage),
);
const AdminDashboardPage = lazyPage(() =>
  import('@client/features/admin/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage),
);

/**
 * The chunk of the start page the server rendered: the landing page for a visitor, the member's or admin's
 * dashboard for who is logged in (issue 33), read from the query data the page was rendered from.
 */
export function preloadHome(queryClient: QueryClient): Promise<unknown> {
  const user = queryClient.getQueryData<FullUser | null>(CURRENT_USER_KEY);
  if (!user) return LandingPage.preload();
  return user.role === 'admin' ? AdminDashboardPage.preload() : MemberDashboardPage.preload();
}

/** '/': landing page for visitors, member dashboard for members, admin dashboard for role admin. */
export function HomePage() {
  const { user, isLoading, isAdmin } = useAuth();
  if (isLoading) return <PageLoader />;
  if (!user) return <LandingPage />;
  if (isAdmin) return <AdminDashboardPage />;
  return <MemberDashboardPage user={user} />;
}
