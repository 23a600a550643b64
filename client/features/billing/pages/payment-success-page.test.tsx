import { theme } from '@client/app/theme';
import { CURRENT_USER_KEY } from '@client/features/auth/api/current-user-query';
import type { FullUser } from '@common/schemas/users';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentSuccessPage } from './payment-success-page';

/** The server as the page meets it: the verification answers that Pro is active; anything else 200 {}. */
function serve() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const body =
      url.pathname === '/api/verify-stripe-session'
        ? { success: true, membershipUpdated: true, paymentId: 'sub_test_1' }
        : url.pathname === '/api/auth/session'
          ? { user: null }
          : {};
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const verifyCalls = (m: ReturnType<typeof serve>) =>
  m.mock.calls.filter(([input]) => String(input).includes('/api/verify-stripe-session'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/payment-success', () => {
  it('verifies the payment at once, with no artificial wait, and only once', async () => {
    const fetchMock = serve();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(CURRENT_USER_KEY, { id: 'u1', role: 'user', isPro: false } as unknown as FullUser);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} env="test">
          <MemoryRouter initialEntries={['/payment-success?session_id=cs_test_1']}>
            <PaymentSuccessPage />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    // The earlier site waited 2 s before asking; waitFor gives up after 1 s.
    await waitFor(() => expect(verifyCalls(fetchMock)).toHaveLength(1), { timeout: 1000 });
    expect(JSON.parse(String(verifyCalls(fetchMock)[0][1]?.body))).toEqual({ sessionId: 'cs_test_1' });
    expect(await screen.findByText(/sub_test_1/, undefined, { timeout: 1000 })).toBeTruthy();
    expect(verifyCalls(fetchMock)).toHaveLength(1);
  });
});
