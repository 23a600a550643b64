import { theme } from '@client/app/theme';
import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import type { FullUser } from '@common/schemas/users';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/** Draws a billing page at `path` for a logged-in free member (the current user already in the cache). */
export function renderAsMember(page: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(CURRENT_USER_KEY, { id: 'u1', role: 'user', isPro: false } as unknown as FullUser);
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}
