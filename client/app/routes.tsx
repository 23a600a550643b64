import { lazyPage, type PageHandle } from '@client/lib/lazy-page';
import { type RouteObject, useRoutes } from 'react-router';
import { RequireAdmin, RequireAuth, RequireAuthUnlessOffline } from './guards';
import { HomePage, preloadHome } from './home/home-page';
import { preloadMemberHeader } from './layout/app-header';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';

// One chunk per page (lib/lazy-page.tsx): the landing page loads no other page's code.
const EventsPage = lazyPage(() =>
  import('@client/features/events/pages/events-page').then((m) => m.EventsPage),
);
const NewEventPage = lazyPage(() =>
  import('@client/features/events/pages/new-event-page').then((m) => m.NewEventPage),
);
const EventDetailPage = lazyPage(() =>
  import('@client/features/events/pages/event-detail-page').then((m) => m.EventDetailPage),
);
const MembersPage = lazyPage(() =>
  import('@client/features/members/pages/members-page').then((m) => m.MembersPage),
);
const ProfilePage = lazyPage(() =>
  import('@client/features/profile/pages/profile-page').then((m) => m.ProfilePage),
);
const MessagesPage = lazyPage(() =>
  import('@client/features/messages/pages/messages-page').then((m) => m.MessagesPage),
);
// 'Vill ses igen' (issue 30).
const MatchesPage = lazyPage(() =>
  import('@client/features/meet-again/pages/matches-page').then((m) => m.MatchesPage),
);
const SubscribePage = lazyPage(() =>
  import('@client/features/billing/pages/subscribe-page').then((m) => m.SubscribePage),
);
const SubscriptionPage = lazyPage(() =>
  import('@client/features/billing/pages/subscription-page').then((m) => m.SubscriptionPage),
);
const PaymentSuccessPage = lazyPage(() =>
  import('@client/features/billing/pages/payment-success-page').then((m) => m.PaymentSuccessPage),
);
const EmailConfirmPage = lazyPage(() =>
  import('@client/features/profile/pages/email-link-pages').then((m) => m.EmailConfirmPage),
);
const EmailCancelPage = lazyPage(() =>
  import('@client/features/profile/pages/email-link-pages').then((m) => m.EmailCancelPage),
);
const NotificationsPage = lazyPage(() =>
  import('@client/features/notifications/pages/notifications-page').then((m) => m.NotificationsPage),
);
const AdminMembersPage = lazyPage(() =>
  import('@client/features/admin/pages/admin-members-page').then((m) => m.AdminMembersPage),
);
const AdminEmailPage = lazyPage(() =>
  import('@client/features/admin/pages/admin-email-page').then((m) => m.AdminEmailPage),
);

// The admin pages' frame with its navigation (a Select on a phone): admin code, out of the first bundle.
const AdminLayout = lazyPage(() => import('./layout/admin-layout').then((m) => m.AdminLayout));
const AdminAuditPage = lazyPage(() =>
  import('@client/features/admin/pages/admin-audit-page').then((m) => m.AdminAuditPage),
);
const AdminStatisticsPage = lazyPage(() =>
  import('@client/features/admin/pages/admin-statistics-page').then((m) => m.AdminStatisticsPage),
);
const AdminCoursesPage = lazyPage(() =>
  import('@client/features/courses/pages/admin-courses-page').then((m) => m.AdminCoursesPage),
);
const AdminCourseEditPage = lazyPage(() =>
  import('@client/features/courses/pages/admin-course-edit-page').then((m) => m.AdminCourseEditPage),
);
const AdminReportsPage = lazyPage(() =>
  import('@client/features/reports/pages/admin-reports-page').then((m) => m.AdminReportsPage),
);
const SuspendedPage = lazyPage(() =>
  import('@client/features/reports/pages/suspended-page').then((m) => m.SuspendedPage),
);
const PrivacyPolicyPage = lazyPage(() =>
  import('@client/features/legal/pages/privacy-policy-page').then((m) => m.PrivacyPolicyPage),
);
const SafetyTipsPage = lazyPage(() =>
  import('@client/features/legal/pages/safety-tips-page').then((m) => m.SafetyTipsPage),
);
// Golf days with scores (issue 29).
const ScorecardPage = lazyPage(() =>
  import('@client/features/scoring/pages/scorecard-page').then((m) => m.ScorecardPage),
);
const LeaderboardPage = lazyPage(() =>
  import('@client/features/scoring/pages/leaderboard-page').then((m) => m.LeaderboardPage),
);
const OrderOfMeritPage = lazyPage(() =>
  import('@client/features/scoring/pages/order-of-merit-page').then((m) => m.OrderOfMeritPage),
);
const TermsPage = lazyPage(() => import('@client/features/legal/pages/terms-page').then((m) => m.TermsPage));

/**
 * The route table of spec §2, inside the layout (which shows a page's errors too). The browser
 * (start.tsx) and the server's render of the public pages (entry-server.tsx) draw it with <AppRoutes />
 * in their router.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // A member's page: the header's member side loads before hydrating, as the page's own chunk does.
    handle: { preload: preloadMemberHeader } satisfies PageHandle,
    children: [
      // The public pages, rendered by the server for visitors: their chunks load before hydrating.
      {
        index: true,
        element: <HomePage />,
        handle: { preload: preloadHome } satisfies PageHandle,
      },
      {
        path: 'events',
        element: <EventsPage />,
        handle: { preload: EventsPage.preload } satisfies PageHandle,
      },
      {
        path: 'events/:id',
        element: <EventDetailPage />,
        handle: { preload: EventDetailPage.preload } satisfies PageHandle,
      },
      { path: 'subscription', element: <SubscriptionPage /> },
      { path: 'payment-success', element: <PaymentSuccessPage /> },
      { path: 'integritetspolicy', element: <PrivacyPolicyPage /> },
      { path: 'sakerhetstips', element: <SafetyTipsPage /> },
      { path: 'villkor', element: <TermsPage /> },
      { path: 'avstangd', element: <SuspendedPage /> },
      // Issue 29: everyone may see final results (the server says who sees what).
      { path: 'events/:id/leaderboard', element: <LeaderboardPage /> },
      // The links of the e-mail change work logged out too.
      { path: 'email/confirm', element: <EmailConfirmPage /> },
      { path: 'email/cancel', element: <EmailCancelPage /> },
      {
        element: <RequireAuth />,
        children: [
          // A member's pages rendered by the server for them (issue 33): their chunks load before hydrating.
          { path: 'members', element: <MembersPage />, handle: { preload: MembersPage.preload } },
          { path: 'messages', element: <MessagesPage />, handle: { preload: MessagesPage.preload } },
          { path: 'messages/:id', element: <MessagesPage />, handle: { preload: MessagesPage.preload } },
          {
            path: 'profile',
            element: <ProfilePage />,
            handle: {
              preload: () =>
                Promise.all([
                  ProfilePage.preload(),
                  import('@client/features/profile/pages/profile-page').then((m) =>
                    m.preloadProfileSections(),
                  ),
                ]),
            } satisfies PageHandle,
          },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'subscribe', element: <SubscribePage /> },
          { path: 'matchningar', element: <MatchesPage /> },
          { path: 'order-of-merit', element: <OrderOfMeritPage /> },
        ],
      },
      // Issue 29: the scorecard opens offline too, from the card the phone kept.
      {
        element: <RequireAuthUnlessOffline />,
        children: [{ path: 'events/:id/scorecard', element: <ScorecardPage /> }],
      },
      {
        element: <RequireAdmin />,
        children: [
          // Only admins create events: a member is sent to the start page instead of a form that fails.
          {
            // The admin navigation above every admin page (layout/admin-layout.tsx).
            element: <AdminLayout />,
            children: [
              { path: 'events/new', element: <NewEventPage /> },
              { path: 'admin/members', element: <AdminMembersPage /> },
              { path: 'admin/email', element: <AdminEmailPage /> },
              { path: 'admin/audit', element: <AdminAuditPage /> },
              { path: 'admin/reports', element: <AdminReportsPage /> },
              { path: 'admin/statistik', element: <AdminStatisticsPage /> },
              { path: 'admin/courses', element: <AdminCoursesPage /> },
              { path: 'admin/courses/new', element: <AdminCourseEditPage /> },
              { path: 'admin/courses/:id', element: <AdminCourseEditPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route table drawn by React Router's component routers (BrowserRouter in the browser, StaticRouter on
 * the server): the app uses no loaders, actions or fetchers, and the data router's code (about 15 kB
 * compressed) and its start-up (a long task on a phone) were in every public page (issue 17).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
