import { eventSchema } from '@common/schemas/events';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiContractError,
  ApiError,
  apiErrorMessage,
  apiErrorStatus,
  apiJson,
  apiRequest,
  getQueryFn,
} from './api';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Runs the loader the way TanStack Query does, for a key. */
function load<T>(queryFn: ReturnType<typeof getQueryFn<T>>, queryKey: readonly unknown[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery({ queryKey, queryFn });
}

describe('apiRequest', () => {
  it('sends a JSON body and content-type when a body is given, with credentials', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    await apiRequest('POST', '/api/feedback', { rating: 5, comment: 'Bra' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/feedback');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"rating":5,"comment":"Bra"}');
  });

  it('sends neither body nor content-type without a body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/events/3/register');
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toEqual({});
    expect(init?.credentials).toBe('include');
  });

  it('sends an empty object when one is given (e.g. generating ball groups)', async () => {
    fetchMock.mockResolvedValue(json([]));
    await apiRequest('POST', '/api/events/3/groups', {});
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBe('{}');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('throws an ApiError with the status, the parsed body and the server message, and logs it', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Välj ett betyg"}', { status: 400 }));
    const err = await apiRequest('POST', '/api/feedback', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      status: 400,
      body: { message: 'Välj ett betyg' },
      message: 'Välj ett betyg',
    });
    expect(console.error).toHaveBeenCalledWith(
      'API Error:',
      '/api/feedback',
      400,
      '{"message":"Välj ett betyg"}',
    );
  });

  it('keeps the extra fields of an error body (403 requiresUpgrade)', async () => {
    fetchMock.mockResolvedValue(
      json({ message: 'Du behöver ett Pro-medlemskap', requiresUpgrade: true }, 403),
    );
    const err = (await apiRequest('POST', '/api/events/3/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(403);
    expect(err.body).toEqual({ message: 'Du behöver ett Pro-medlemskap', requiresUpgrade: true });
  });

  it('has no body when the answer is empty or not a JSON error; the status text is the message', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const empty = (await apiRequest('GET', '/api/events').catch((e: unknown) => e)) as ApiError;
    expect(empty).toMatchObject({ status: 503, body: null, message: 'Service Unavailable' });
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const html = (await apiRequest('GET', '/api/events').catch((e: unknown) => e)) as ApiError;
    expect(html).toMatchObject({ status: 502, body: null, message: 'HTTP 502' });
    fetchMock.mockResolvedValue(json(['not', 'an', 'error'], 500));
    expect(((await apiRequest('GET', '/api/events').catch((e: unknown) => e)) as ApiError).body).toBeNull();
  });
});

describe('apiJson', () => {
  const event = {
    id: 1,
    title: 'Vårgolf',
    description: null,
    location: 'Bro Hof',
    startTime: '2030-05-01T08:00:00.000Z',
    endTime: '2030-05-01T14:00:00.000Z',
    registrationDeadline: null,
    maxParticipants: 16,
    createdBy: null,
    createdAt: '2030-01-01T08:00:00.000Z',
    status: 'upcoming',
    price: 300,
    notes: null,
    image: null,
    imageUrl: null,
    imageId: null,
    registrationFee: 300,
    greenFee: null,
    greenFeeIncluded: false,
    coffeeIncluded: false,
    lunchIncluded: false,
    registeredCount: 0,
    offeredCount: 0,
    waitlistedCount: 0,
    registrationOpensAt: null,
    waitlistMode: 'auto',
    waitlistOfferHours: 24,
    cancellationDeadline: null,
    lateCancellationFee: 0,
    payOnline: false,
  };

  it('parses the answer, null for an empty one', async () => {
    fetchMock.mockResolvedValue(json({ id: 7 }));
    expect(await apiJson('GET', '/api/x')).toEqual({ id: 7 });
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await apiJson('DELETE', '/api/x')).toBeNull();
  });

  it('checks the answer against the shared schema in development', async () => {
    expect(import.meta.env.DEV).toBe(true);
    fetchMock.mockResolvedValue(json(event));
    expect(eventSchema.safeParse(event).success).toBe(true);
    expect(await apiJson('GET', '/api/events/1', undefined, eventSchema)).toEqual(event);
    fetchMock.mockResolvedValue(json({ ...event, registeredCount: '3' }));
    const err = await apiJson('GET', '/api/events/1', undefined, eventSchema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiContractError);
    expect((err as ApiContractError).message).toContain('registeredCount');
  });

  it('returns the data as sent, not what a schema would turn it into', async () => {
    const trimmed = z.object({ name: z.string().trim() });
    fetchMock.mockResolvedValue(json({ name: ' Anna ' }));
    expect(await apiJson('GET', '/api/x', undefined, trimmed)).toEqual({ name: ' Anna ' });
  });
});

describe('getQueryFn', () => {
  it('GETs the query key joined with "/" and parses JSON', async () => {
    fetchMock.mockResolvedValue(json({ id: 7 }));
    const data = await load(getQueryFn<{ id: number }>({ on401: 'throw' }), ['/api/events', 7]);
    expect(data).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/events/7');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBeUndefined();
  });

  it('yields null on 401 with on401 returnNull', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Du måste vara inloggad' }, 401));
    await expect(load(getQueryFn({ on401: 'returnNull' }), ['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws an ApiError on 401 by default', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Du måste vara inloggad"}', { status: 401 }));
    const err = await load(getQueryFn({ on401: 'throw' }), ['/api/messages']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'Du måste vara inloggad' });
  });

  it('checks the answer against its schema in development', async () => {
    const schema = z.object({ count: z.number().int() });
    fetchMock.mockResolvedValue(json({ count: 2 }));
    expect(await load(getQueryFn({ on401: 'throw', schema }), ['/api/messages/unread-count'])).toEqual({
      count: 2,
    });
    fetchMock.mockResolvedValue(json({ count: null }));
    await expect(
      load(getQueryFn({ on401: 'throw', schema }), ['/api/messages/unread-count']),
    ).rejects.toBeInstanceOf(ApiContractError);
  });
});

describe('apiErrorMessage / apiErrorStatus', () => {
  it('answer the server message and the status of an ApiError', () => {
    const err = new ApiError(403, { message: 'Du behöver ett Pro-medlemskap', requiresUpgrade: true });
    expect(apiErrorMessage(err)).toBe('Du behöver ett Pro-medlemskap');
    expect(apiErrorStatus(err)).toBe(403);
  });

  it('fall back when there is no server message: no body, a network failure, anything else', () => {
    expect(apiErrorMessage(new ApiError(500, null, 'Internal Server Error'), 'Försök igen')).toBe(
      'Försök igen',
    );
    expect(apiErrorStatus(new ApiError(500, null))).toBe(500);
    expect(apiErrorMessage(new TypeError('Failed to fetch'))).toBe('Något gick fel');
    // A text that merely looks like the old "<status>: <text>" format is not parsed any more.
    expect(apiErrorStatus(new Error('404: {"message":"Hittades inte"}'))).toBeNull();
    expect(apiErrorMessage(new Error('404: {"message":"Hittades inte"}'), 'Något gick fel')).toBe(
      'Något gick fel',
    );
    expect(apiErrorMessage('nope', 'Något gick fel')).toBe('Något gick fel');
  });
});
