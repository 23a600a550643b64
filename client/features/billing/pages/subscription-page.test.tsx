import { theme } from '@client/app/theme';
import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import type { FullUser } from '@common/schemas/users';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionPage } from './subscription-page';

const CHECKOUT = 'http://localhost/test-checkout/cs_test_1';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/subscription', () => {
  it("goes to the checkout at once after 'Fortsätt till säker betalning', with no artificial wait", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(JSON.stringify({ success: true, checkoutUrl: CHECKOUT, mode: 'test' }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(CURRENT_USER_KEY, { id: 'u1', role: 'user', isPro: false } as unknown as FullUser);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} env="test">
          <MemoryRouter initialEntries={['/subscription']}>
            <SubscriptionPage />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Fortsätt till säker betalning/ }));
    // The earlier site waited 2.3 s before the redirect; waitFor gives up after 1 s.
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT), { timeout: 1000 });
  });
});
