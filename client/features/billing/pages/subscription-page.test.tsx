import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsMember } from './render-as-member.test-helper';
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
    renderAsMember(<SubscriptionPage />, '/subscription');
    fireEvent.click(screen.getByRole('button', { name: /Fortsätt till säker betalning/ }));
    // The earlier site waited 2.3 s before the redirect; waitFor gives up after 1 s.
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT), { timeout: 1000 });
  });
});
