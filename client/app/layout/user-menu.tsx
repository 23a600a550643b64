import { LOGOUT_URL } from '@client/features/auth/lib/auth-urls';
import type { FullUser } from '@common/schemas/users';
import { Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconHeart,
  IconLogout,
  IconMessages,
  IconTrophy,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './app-header.module.css';
import { logoutFirstForgettingPhoneData } from './logout';
import { UserAvatar } from './user-avatar';
import { menuName } from './user-name';

/** The avatar dropdown: name and e-mail, then Profil, Meddelanden, Matchningar, Mina evenemang, Säsongstabell, Medlemmar, Logga ut. */
export function UserMenu({ user }: { user: FullUser }) {
  return (
    <Menu position="bottom-end" width="14rem" shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label="Användarmeny" className={classes.avatarButton}>
          <UserAvatar user={user} radius="xl" size={38} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown mah="24rem" style={{ overflowY: 'auto' }}>
        <div className={classes.menuHead}>
          <Text fw={600} size="sm" truncate>
            {menuName(user)}
          </Text>
          {user.email && (
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          )}
        </div>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Profil
        </Menu.Item>
        <Menu.Item component={Link} to="/messages" leftSection={<IconMessages size={16} />}>
          Meddelanden
        </Menu.Item>
        <Menu.Item component={Link} to="/matchningar" leftSection={<IconHeart size={16} />}>
          Matchningar
        </Menu.Item>
        <Menu.Item component={Link} to="/profile?tab=events" leftSection={<IconCalendarEvent size={16} />}>
          Mina evenemang
        </Menu.Item>
        <Menu.Item component={Link} to="/order-of-merit" leftSection={<IconTrophy size={16} />}>
          Säsongstabell
        </Menu.Item>
        <Menu.Item component={Link} to="/members" leftSection={<IconUsers size={16} />}>
          Medlemmar
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component="a"
          href={LOGOUT_URL}
          onClick={logoutFirstForgettingPhoneData}
          color="red"
          leftSection={<IconLogout size={16} />}
        >
          Logga ut
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
