import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
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

  /** The success page beside an event page, to see where the member ends up. */
  const withEventPage = (
    <Routes>
      <Route path="/payment-success" element={<PaymentSuccessPage />} />
      <Route path="/events/:id" element={<p>Evenemangssidan</p>} />
    </Routes>
  );

  it('goes on to the event the member came from once Pro is active (issue 27)', async () => {
    serve();
    renderAsMember(withEventPage, '/payment-success?session_id=cs_test_1&userId=u1&returnTo=%2Fevents%2F5');
    expect(await screen.findByText('Evenemangssidan', undefined, { timeout: 1000 })).toBeTruthy();
  });

  it.each(['//evil.example', 'https://evil.example/events/5', '/%5Cevil.example', 'javascript:alert(1)'])(
    'stays on the thanks for returnTo %s',
    async (hostile) => {
      serve();
      renderAsMember(
        withEventPage,
        `/payment-success?session_id=cs_test_1&returnTo=${encodeURIComponent(hostile)}`,
      );
      expect(await screen.findByText('Tack för ditt köp!', undefined, { timeout: 1000 })).toBeTruthy();
      expect(screen.queryByText('Evenemangssidan')).toBeNull();
    },
  );
});
