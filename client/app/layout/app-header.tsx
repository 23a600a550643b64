import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import { useAuth } from '@client/features/auth/hooks/use-auth';
import { LOGIN_URL, SIGNUP_URL } from '@client/features/auth/lib/auth-urls';
import { lazyPage } from '@client/lib/lazy-page';
import { useOpenedOnce } from '@client/lib/use-opened-once';
import { HEADER_SHADOW_SCROLL_PX } from '@common/limits';
import type { FullUser } from '@common/schemas/users';
import { Burger, Button, Container, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import classes from './app-header.module.css';
import { BrandMark } from './brand-mark';
import { isActivePath, MAIN_NAV } from './nav-items';
import { useScrolledPast } from './use-scrolled-past';

// Chunks a visitor's first page does without (issue 17): the member's side of the header (socket, bell,
// menus) and the phone menu until the burger is first pressed.
const MemberHeaderActions = lazyPage(() =>
  import('./member-header-actions').then((m) => m.MemberHeaderActions),
);
const UnreadMessagesBadge = lazyPage(() =>
  import('@client/features/messages/components/unread-messages-badge').then((m) => m.UnreadMessagesBadge),
);

/**
 * The member's side of the header, loaded before a member's server-rendered page is hydrated (issue 33): a
 * part whose code is still loading stays server markup, and React drops a tap on it.
 */
export function preloadMemberHeader(queryClient: QueryClient): Promise<unknown> {
  if (!queryClient.getQueryData<FullUser | null>(CURRENT_USER_KEY)) return Promise.resolve();
  return Promise.all([MemberHeaderActions.preload(), UnreadMessagesBadge.preload()]);
}
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

/** The sticky green header (spec §2 'Header and menus'). */
export function AppHeader() {
  const { user, isLoading, isPro } = useAuth();
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  const [drawerOpened, drawer] = useDisclosure(false);
  const drawerUsed = useOpenedOnce(drawerOpened);
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
              // 44×44 CSS px, the touch target WCAG 2.5.5 asks for (Mantine's sm is 28×28).
              w={44}
              h={44}
              aria-label="Öppna meny"
            />
            {/* Named by its visible text (WCAG 2.5.3 label in name), not by an aria-label of other words. */}
            <Link to="/" className={classes.brand}>
              <BrandMark size={34} inverted />
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
                  {item.to === '/messages' && user ? (
                    <Suspense fallback={null}>
                      <UnreadMessagesBadge />
                    </Suspense>
                  ) : null}
                </Link>
              );
            })}
          </Group>

          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            {isLoading ? (
              <Skeleton circle height={38} opacity={0.4} />
            ) : user ? (
              <Suspense fallback={<Skeleton circle height={38} opacity={0.4} />}>
                <MemberHeaderActions user={user} />
              </Suspense>
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
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileDrawer opened={drawerOpened} onClose={drawer.close} user={user} isPro={isPro} />
        </Suspense>
      )}
    </header>
  );
}
