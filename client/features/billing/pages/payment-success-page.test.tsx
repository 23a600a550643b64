import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentSuccessPage } from './payment-success-page';
import { renderAsMember } from './render-as-member.test-helper';

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
    renderAsMember(<PaymentSuccessPage />, '/payment-success?session_id=cs_test_1');
    // The earlier site waited 2 s before asking; waitFor gives up after 1 s.
    await waitFor(() => expect(verifyCalls(fetchMock)).toHaveLength(1), { timeout: 1000 });
    expect(JSON.parse(String(verifyCalls(fetchMock)[0][1]?.body))).toEqual({ sessionId: 'cs_test_1' });
    expect(await screen.findByText(/sub_test_1/, undefined, { timeout: 1000 })).toBeTruthy();
    expect(verifyCalls(fetchMock)).toHaveLength(1);
  });
});
