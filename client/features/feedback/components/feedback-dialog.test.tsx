import { theme } from '@client/app/theme';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackDialog } from './feedback-dialog';

function renderDialog(isAuthenticated: boolean) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <FeedbackDialog opened onClose={() => {}} isAuthenticated={isAuthenticated} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

describe('FeedbackDialog', () => {
  it('asks a visitor to log in and sends nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog(false);
    fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByText('Du behöver vara inloggad')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a rating before sending', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog(true);
    fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByText('Välj ett betyg')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts rating and trimmed comment', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    renderDialog(true);
    // Mantine's Rating commits a value when the star's label is clicked.
    const star = screen.getByLabelText('4 av 5');
    fireEvent.click(document.querySelector(`label[for="${star.id}"]`)!);
    fireEvent.change(screen.getByLabelText('Kommentar (valfritt)'), { target: { value: '  Toppen!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skicka' }));
    expect(await screen.findByText('Tack för din feedback!')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/feedback');
    expect(init?.body).toBe('{"rating":4,"comment":"Toppen!"}');
  });
});
