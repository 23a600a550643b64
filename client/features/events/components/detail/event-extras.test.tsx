import { theme } from '@client/app/theme';
import { createQueryClient } from '@client/lib/query-client';
import type { EventDetail } from '@common/schemas/events';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventKey } from '../../api/events-query';
import { EventExtras } from './event-extras';

afterEach(() => vi.unstubAllGlobals());

const start = Date.now() + 7 * 86_400_000;
/** A one-day event the member has a place in (what EventExtras reads of it). */
const event = (status: 'registered' | 'cancelled') =>
  ({
    id: 7,
    status: 'upcoming',
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 5 * 3_600_000).toISOString(),
    abilities: { canEdit: false },
    myRegistration: { status },
    roomsPublishedAt: null,
  }) as unknown as EventDetail;

/** The event page's part: the event as its query holds it. */
function Page() {
  const { data } = useQuery<EventDetail>({ queryKey: eventKey(7) });
  return data ? <EventExtras event={data} /> : null;
}

describe('the event page’s parts for members with a place (issue 30)', () => {
  it('do not ask their API while the event is read again after the member gave up the place', async () => {
    const asked: string[] = [];
    let answerEvent: (res: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        const url = String(input);
        asked.push(url);
        if (url.endsWith('/api/events/7'))
          return new Promise<Response>((resolve) => {
            answerEvent = resolve;
          });
        return Promise.resolve(Response.json({ rides: [] }));
      }),
    );
    const client = createQueryClient();
    client.setQueryData(eventKey(7), event('registered'));
    // The member has just cancelled: the event is being read again, the rides are marked stale
    // (events-query.ts invalidateEvent) and the rides' part mounts now (its code arrived late).
    void client.refetchQueries({ queryKey: eventKey(7), exact: true });
    render(
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme} env="test">
          <Page />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Samåkning' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((u) => u.includes('/rides'))).toEqual([]);
    // The event answers: no place any more, the part goes, and the rides were never asked for (a 403).
    answerEvent(Response.json(event('cancelled')));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Samåkning' })).toBeNull());
    expect(asked.filter((u) => u.includes('/rides'))).toEqual([]);
  });
});
