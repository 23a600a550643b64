import { useAuth } from '@client/features/auth/hooks/use-auth';
import { LOGIN_URL, SIGNUP_URL } from '@client/features/auth/lib/auth-urls';
import {
  UnreadMessagesBadge,
  UnreadMessagesLink,
} from '@client/features/messages/components/unread-messages-badge';
import { useRealtime, useRealtimeStatus } from '@client/features/messages/realtime/use-realtime';
import {
  applyPushedNotification,
  NOTIFICATIONS_KEY,
} from '@client/features/notifications/api/notifications-api';
import { NotificationBell } from '@client/features/notifications/components/notification-bell';
import { HEADER_SHADOW_SCROLL_PX } from '@common/limits';
import { Burger, Button, Container, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconGolf } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './app-header.module.css';
import { MobileDrawer } from './mobile-drawer';
import { isActivePath, MAIN_NAV } from './nav-items';
import { useScrolledPast } from './use-scrolled-past';
import { UserMenu } from './user-menu';

/**
 * The bell, fed by the realtime socket: a pushed notice shows at once; whenever the socket (re)connects
 * the notices are reloaded, since any sent while it was down (or before it first opened) were missed.
 */
function LiveNotificationBell() {
  const qc = useQueryClient();
  useRealtime((event) => {
    if (event.type === 'notification') applyPushedNotification(qc, event.data);
  });
  const status = useRealtimeStatus();
  const wasConnected = useRef(status === 'connected');
  useEffect(() => {
    if (status === 'connected' && !wasConnected.current)
      void qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    wasConnected.current = status === 'connected';
  }, [status, qc]);
  return <NotificationBell />;
}

/** The sticky green header (spec §2 'Header and menus'). */
export function AppHeader() {
  const { user, isLoading, isPro } = useAuth();
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <header className={classes.header} data-scrolled={scrolled || undefined}>
      <Container h="100%" px={{ base: 'xs', sm: 'md' }}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={4} wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="md"
              color="white"
              size="sm"
              aria-label="Öppna meny"
            />
            <Link to="/" className={classes.brand} aria-label="Singelgolf – till startsidan">
              <IconGolf size={30} stroke={1.6} aria-hidden />
              <div>
                <div className={classes.brandName}>Singelgolf</div>
                <div className={classes.tagline}>Golfgemenskapen för singlar</div>
              </div>
            </Link>
          </Group>

          <Group component="nav" aria-label="Huvudmeny" gap={4} visibleFrom="md" wrap="nowrap">
            {MAIN_NAV.map((item) => {
              const active = isActivePath(pathname, item.to);
              return (
                <Link
                  key={item.to}
                  to={item.to}
                  className={classes.link}
                  data-active={active || undefined}
                  aria-current={active ? 'page' : undefined}
                >
                  {item.label}
                  {item.to === '/messages' && user ? <UnreadMessagesBadge /> : null}
                </Link>
              );
            })}
          </Group>

          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {isLoading ? (
              <Skeleton circle height={38} opacity={0.4} />
            ) : user ? (
              <>
                <UnreadMessagesLink hiddenFrom="md" />
                <LiveNotificationBell />
                <UserMenu user={user} />
              </>
            ) : (
              <>
                <Button component="a" href={LOGIN_URL} variant="outline" color="white" size="sm" px="sm">
                  Logga in
                </Button>
                <Button component="a" href={SIGNUP_URL} variant="white" size="sm" px="sm" visibleFrom="sm">
                  Bli medlem
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
      <MobileDrawer opened={drawerOpened} onClose={drawer.close} user={user} isPro={isPro} />
    </header>
  );
}
