import {
  IconCalendarEvent,
  IconChartBar,
  IconFlag,
  IconGolf,
  IconHistory,
  IconLayoutDashboard,
  IconMail,
  IconUsers,
} from '@tabler/icons-react';

/** One page of the admin area as its navigation lists it. */
export interface AdminPage {
  to: string;
  label: string;
  icon: typeof IconUsers;
}

/**
 * Every page an administrator works on, in the admin navigation's order. 'Evenemang' is the events list,
 * where an admin creates, edits and runs events; the rest live under /admin (client/app/routes.tsx).
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { to: '/', label: 'Översikt', icon: IconLayoutDashboard },
  { to: '/events', label: 'Evenemang', icon: IconCalendarEvent },
  { to: '/admin/members', label: 'Medlemskap', icon: IconUsers },
  { to: '/admin/statistik', label: 'Statistik', icon: IconChartBar },
  { to: '/admin/courses', label: 'Banor', icon: IconGolf },
  { to: '/admin/reports', label: 'Anmälningar', icon: IconFlag },
  { to: '/admin/email', label: 'E-post', icon: IconMail },
  { to: '/admin/audit', label: 'Logg', icon: IconHistory },
];

/** The admin page `pathname` belongs to (its own or a page under it; '/' only itself), if any. */
export function currentAdminPage(pathname: string): AdminPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return ADMIN_PAGES.find((p) =>
    p.to === '/' ? path === '/' : path === p.to || path.startsWith(`${p.to}/`),
  );
}
