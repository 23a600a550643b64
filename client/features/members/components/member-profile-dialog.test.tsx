import { theme } from '@client/app/theme';
import type { MemberListItem } from '@common/schemas/users';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBERS_KEY } from '../api/members-query';
import { MemberProfileDialog } from './member-profile-dialog';

const per = {
  id: '00000000-0000-4000-8000-000000000002',
  firstName: 'Per',
  lastName: 'Prosson',
  lookingFor: [],
  meetupInterests: [],
} as unknown as MemberListItem;

/** The server as the dialog meets it: no results and no blocks (the profile itself is in the cache). */
function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return path.endsWith('/results') || path === '/api/blocks'
        ? Response.json([])
        : Response.json({ message: 'Hittades inte' }, { status: 404 });
    }),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the member profile dialog', () => {
  it('draws the results, which load after it opens, below its buttons, so they never move a button under a tap', async () => {
    serve();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData([...MEMBERS_KEY, per.id], per);
    render(
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} env="test">
          <MemoryRouter>
            <MemberProfileDialog
              memberId={per.id}
              initial={per}
              isSelf={false}
              onClose={() => {}}
              onMessage={() => {}}
            />
          </MemoryRouter>
        </MantineProvider>
      </QueryClientProvider>,
    );
    const results = await screen.findByRole('heading', { name: 'Resultat' });
    const block = screen.getByRole('button', { name: 'Blockera' });
    const message = screen.getByRole('button', { name: 'Skicka meddelande' });
    for (const button of [message, block]) {
      expect(button.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });
});
