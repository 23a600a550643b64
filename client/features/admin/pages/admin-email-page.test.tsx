import { theme } from '@client/app/theme';
import type { AdminEmail } from '@common/schemas/admin-emails';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminEmailPage } from './admin-email-page';

const email = (over: Partial<AdminEmail>): AdminEmail => ({
  id: '00000000-0000-4000-8000-000000000001',
  recipient: 'anna@example.com',
  subject: 'Återställ ditt lösenord',
  template: 'password-reset',
  status: 'captured',
  attempts: 0,
  lastError: null,
  createdAt: '2025-06-14T08:30:00.000Z',
  sentAt: null,
  nextAttemptAt: null,
  text: 'Hej Anna!\n\nVälj nytt lösenord http://localhost:5000/reset-password?token=DOLD',
  html: '<!DOCTYPE html><html lang="sv"><body><a href="http://localhost:5000/reset-password?token=DOLD">Välj nytt lösenord</a><script>parent.hacked=1</script></body></html>',
  ...over,
});

/** GET /api/admin/emails as the server answers it: a JSON page and the total in X-Total-Count. */
function serve(list: AdminEmail[], total = list.length) {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(list), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': String(total) },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <AdminEmailPage />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const lastUrl = (m: ReturnType<typeof serve>) =>
  new URL(String(m.mock.calls.at(-1)?.[0]), 'http://localhost');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("admin page 'E-post'", () => {
  it('lists the e-mails with Swedish statuses and the total', async () => {
    const fetchMock = serve(
      [
        email({}),
        email({
          id: '00000000-0000-4000-8000-000000000002',
          status: 'failed',
          attempts: 8,
          subject: 'Bekräfta din e-postadress',
        }),
      ],
      2,
    );
    renderPage();
    expect(screen.getByRole('heading', { name: 'E-post', level: 1 })).toBeTruthy();
    // The admin is told why the links' codes read DOLD (issue 28) and where the working ones are.
    expect(screen.getByText(/engångskoder visas som DOLD/)).toBeTruthy();
    expect(await screen.findByText('2 meddelanden')).toBeTruthy();
    const table = screen.getAllByRole('table')[0];
    expect(within(table).getByText('Fångat')).toBeTruthy();
    expect(within(table).getByText('Misslyckat')).toBeTruthy();
    expect(within(table).getByText('Bekräfta din e-postadress')).toBeTruthy();
    const url = lastUrl(fetchMock);
    expect(url.pathname).toBe('/api/admin/emails');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('offset')).toBe('0');
    expect(url.searchParams.has('status')).toBe(false);
  });

  it('asks the server for the recipient typed in the search', async () => {
    const fetchMock = serve([email({})]);
    renderPage();
    await screen.findByText('1 meddelande');
    fireEvent.change(screen.getByLabelText('Mottagare'), { target: { value: ' anna@ ' } });
    await waitFor(() => expect(lastUrl(fetchMock).searchParams.get('recipient')).toBe('anna@'));
  });

  it('asks the server for the status chosen, and for all again with Alla', async () => {
    const fetchMock = serve([email({})]);
    renderPage();
    await screen.findByText('1 meddelande');
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Misslyckat' }));
    await waitFor(() => expect(lastUrl(fetchMock).searchParams.get('status')).toBe('failed'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Alla' }));
    await waitFor(() => expect(lastUrl(fetchMock).searchParams.has('status')).toBe(false));
  });

  it('shows one e-mail with its text and its HTML in a sandboxed frame', async () => {
    serve([email({ status: 'queued', attempts: 2, lastError: 'EENVELOPE: 451 Försök igen' })]);
    renderPage();
    const table = (await screen.findAllByRole('table'))[0];
    fireEvent.click(within(table).getByRole('button', { name: /Visa/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Senaste fel')).toBeTruthy();
    expect(within(dialog).getByText('EENVELOPE: 451 Försök igen')).toBeTruthy();
    expect(within(dialog).getByText('2 försök')).toBeTruthy();
    const frame = within(dialog).getByTitle('E-postmeddelandet som HTML') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('href="http://localhost:5000/reset-password?token=DOLD"');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Text' }));
    expect(
      await within(dialog).findByText(
        /Välj nytt lösenord http:\/\/localhost:5000\/reset-password\?token=DOLD/,
      ),
    ).toBeTruthy();
  });
});
