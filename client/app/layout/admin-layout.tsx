import { AdminNav } from '@client/features/admin/components/admin-nav';
import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../page-loader';

/**
 * The admin pages' frame: the admin navigation above the page, kept in place while the next page's code
 * loads (the page's own Suspense boundary sits below it).
 */
export function AdminLayout() {
  return (
    <>
      <Container size="lg" pt="md">
        <AdminNav />
      </Container>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
