import { theme } from '@client/app/theme';
import { msg } from '@common/messages';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventForm } from './event-form';

vi.mock('@client/features/auth/hooks/use-auth', () => ({
  useAuth: () => ({ user: { id: 'admin-1' }, isAdmin: true, isAuthenticated: true, isLoading: false }),
}));

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <EventForm onDone={() => {}} onCancel={() => {}} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EventForm: max participants (issue 27)', () => {
  it('keeps a value below 4 as typed and refuses it with the message, sending nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    const max = screen.getByRole('textbox', { name: /Max antal deltagare/ }) as HTMLInputElement;
    fireEvent.change(max, { target: { value: '2' } });
    fireEvent.blur(max);
    // Not rounded up to the minimum behind the organiser's back.
    expect(max.value).toBe('2');
    fireEvent.submit(max.closest('form') as HTMLFormElement);
    expect(await screen.findByText(msg.maxParticipantsMin)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
