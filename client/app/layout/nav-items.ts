import { IconCalendarEvent, IconHome, IconMessages, IconUsers } from '@tabler/icons-react';

/** The header's four main links (spec §2 'Header and menus'). */
export const MAIN_NAV = [
  { to: '/', label: 'Hem', icon: IconHome },
  { to: '/events', label: 'Evenemang', icon: IconCalendarEvent },
  { to: '/members', label: 'Medlemmar', icon: IconUsers },
  { to: '/messages', label: 'Meddelanden', icon: IconMessages },
] as const;

/** True when `to` is the current page or a page under it ('/' only matches itself). */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
