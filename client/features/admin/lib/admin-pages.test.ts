import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, currentAdminPage } from './admin-pages';

describe('admin pages', () => {
  it('finds the current page, also below it and with a trailing slash', () => {
    expect(currentAdminPage('/')?.label).toBe('Översikt');
    expect(currentAdminPage('/admin/members')?.label).toBe('Medlemskap');
    expect(currentAdminPage('/admin/audit/')?.label).toBe('Logg');
    expect(currentAdminPage('/events/new')?.label).toBe('Evenemang');
    expect(currentAdminPage('/admin/courses/new')?.label).toBe('Banor');
  });

  it('does not take a page for another that only starts like it', () => {
    expect(currentAdminPage('/admin/emails')).toBeUndefined();
    expect(currentAdminPage('/eventsx')).toBeUndefined();
    expect(currentAdminPage('/profile')).toBeUndefined();
  });

  it('lists each address once', () => {
    expect(new Set(ADMIN_PAGES.map((p) => p.to)).size).toBe(ADMIN_PAGES.length);
  });
});
