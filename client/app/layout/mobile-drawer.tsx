import { LOGIN_URL, LOGOUT_URL, SIGNUP_URL } from '@client/features/auth/lib/auth-urls';
import type { FullUser } from '@common/schemas/users';
import { Button, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconCrown, IconLogout, IconTrophy, IconUser } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from './brand-mark';
import { logoutFirstForgettingPhoneData } from './logout';
import { isActivePath, MAIN_NAV } from './nav-items';
import { UserAvatar } from './user-avatar';
import { menuName } from './user-name';

export interface MobileDrawerProps {
  opened: boolean;
  onClose: () => void;
  user: FullUser | null;
  isPro: boolean;
}

/** The mobile menu: a left drawer with the header's links, plus 'Uppgradera till Pro' for free members. */
export function MobileDrawer({ opened, onClose, user, isPro }: MobileDrawerProps) {
  const { pathname } = useLocation();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size="min(300px, 85vw)"
      title={
        <Group gap={8} c="golf">
          <BrandMark size={26} />
          <Text fw={700}>Singelgolf</Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Stäng meny' }}
    >
      <Stack gap={4}>
        {user && (
          <Group gap="sm" mb="sm" wrap="nowrap">
            <UserAvatar user={user} radius="xl" />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate>
                {menuName(user)}
              </Text>
              {user.email && (
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              )}
            </div>
          </Group>
        )}
        {MAIN_NAV.map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            leftSection={<item.icon size={18} />}
            active={isActivePath(pathname, item.to)}
            onClick={onClose}
          />
        ))}
        {user && (
          <>
            <Divider my="xs" />
            <NavLink
              component={Link}
              to="/profile"
              label="Profil"
              leftSection={<IconUser size={18} />}
              active={isActivePath(pathname, '/profile')}
              onClick={onClose}
            />
            <NavLink
              component={Link}
              to="/profile?tab=events"
              label="Mina evenemang"
              leftSection={<IconCalendarEvent size={18} />}
              onClick={onClose}
            />
            <NavLink
              component={Link}
              to="/order-of-merit"
              label="Säsongstabell"
              leftSection={<IconTrophy size={18} />}
              active={isActivePath(pathname, '/order-of-merit')}
              onClick={onClose}
            />
            {!isPro && (
              <NavLink
                component={Link}
                to="/subscription"
                label="Uppgradera till Pro"
                leftSection={<IconCrown size={18} />}
                c="yellow.8"
                fw={600}
                onClick={onClose}
              />
            )}
            <NavLink
              component="a"
              href={LOGOUT_URL}
              onClick={logoutFirstForgettingPhoneData}
              label="Logga ut"
              leftSection={<IconLogout size={18} />}
              c="red"
            />
          </>
        )}
        {!user && (
          <Stack gap="sm" mt="md">
            <Button component="a" href={LOGIN_URL} variant="default">
              Logga in
            </Button>
            <Button component="a" href={SIGNUP_URL}>
              Bli medlem
            </Button>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
