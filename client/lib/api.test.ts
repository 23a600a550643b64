import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorMessage, apiErrorStatus, apiRequest, getQueryFn } from './api';

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

  it('throws "<status>: <text>" for a non-OK answer and logs it', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Välj ett betyg"}', { status: 400 }));
    await expect(apiRequest('POST', '/api/feedback', {})).rejects.toThrow(
      '400: {"message":"Välj ett betyg"}',
    );
    expect(console.error).toHaveBeenCalledWith(
      'API Error:',
      '/api/feedback',
      400,
      '{"message":"Välj ett betyg"}',
    );
  });

  it('uses the status text when the answer is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/events')).rejects.toThrow('503: Service Unavailable');
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

  it('throws on 401 by default', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Du måste vara inloggad"}', { status: 401 }));
    await expect(load(getQueryFn({ on401: 'throw' }), ['/api/messages'])).rejects.toThrow(
      '401: {"message":"Du måste vara inloggad"}',
    );
  });
});

describe('apiErrorMessage / apiErrorStatus', () => {
  it('reads the server message out of the error text', () => {
    const err = new Error('403: {"message":"Du behöver ett Pro-medlemskap","requiresUpgrade":true}');
    expect(apiErrorMessage(err)).toBe('Du behöver ett Pro-medlemskap');
    expect(apiErrorStatus(err)).toBe(403);
  });

  it('falls back to the plain text, then to the fallback', () => {
    expect(apiErrorMessage(new Error('500: Internal Server Error'))).toBe('Internal Server Error');
    expect(apiErrorMessage('nope', 'Något gick fel')).toBe('Något gick fel');
    expect(apiErrorStatus(new Error('Network down'))).toBeNull();
  });
});
