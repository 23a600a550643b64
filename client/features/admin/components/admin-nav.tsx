import { Box, Select } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';
import { ADMIN_PAGES, currentAdminPage } from '../lib/admin-pages';
import classes from './admin-nav.module.css';

const OPTIONS = ADMIN_PAGES.map((p) => ({ value: p.to, label: p.label }));

/**
 * The admin area's own navigation, on every admin page: a row of links from the `sm` width up (the
 * current one marked with aria-current), a select of the same pages on a phone.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = currentAdminPage(pathname);

  return (
    <Box component="nav" aria-label="Administration">
      <Select
        hiddenFrom="sm"
        label="Adminsida"
        data={OPTIONS}
        value={current?.to ?? null}
        onChange={(to) => to && to !== current?.to && navigate(to)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Box visibleFrom="sm" className={classes.row}>
        {ADMIN_PAGES.map(({ to, label, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className={classes.link}
            aria-current={current?.to === to ? 'page' : undefined}
          >
            <Icon size={16} aria-hidden />
            {label}
          </Link>
        ))}
      </Box>
    </Box>
  );
}
