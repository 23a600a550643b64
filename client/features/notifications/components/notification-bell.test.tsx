import { theme } from '@client/app/theme';
import type { NotificationList } from '@common/schemas/notifications';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECENT_NOTIFICATIONS_KEY } from '../api/notifications-api';
import { NotificationBell } from './notification-bell';

const unreadNotice: NotificationList = {
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      type: 'direct_message',
      title: 'Nytt meddelande från Anna',
      body: 'Hej!',
      url: '/messages/u2',
      createdAt: new Date().toISOString(),
      readAt: null,
    },
  ],
  unread: 1,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notification bell', () => {
  it("keeps the focus in the dropdown when 'Markera alla som lästa' turns disabled, before the server answers, so Escape closes it", async () => {
    // The server has not answered the mark-read yet (nor anything else): the count is cleared at once.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(RECENT_NOTIFICATIONS_KEY, unreadNotice);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} env="test">
          <MemoryRouter>
            <NotificationBell />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notiser, 1 olästa' }));
    const dropdown = await screen.findByRole('dialog', { name: /^Notiser/ });
    const markAll = screen.getByRole('button', { name: 'Markera alla som lästa' });
    markAll.focus();
    fireEvent.click(markAll);
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(true));
    // What Chromium does and happy-dom does not: a focused button that turns disabled loses the focus
    // (happy-dom does not even blur a disabled button, hence the moment without the attribute).
    if (document.activeElement === markAll) {
      markAll.removeAttribute('disabled');
      markAll.blur();
      markAll.setAttribute('disabled', '');
    }
    expect(dropdown.contains(document.activeElement)).toBe(true);
    await act(async () => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Notiser/ })).toBeNull());
  });
});
