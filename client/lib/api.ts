import type { QueryFunction } from '@tanstack/react-query';

/** Throws `Error("<status>: <text or statusText>")` for a non-OK response and logs it (spec §8). */
async function throwIfNotOk(res: Response, url: string): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  console.error('API Error:', url, res.status, text);
  throw new Error(`${res.status}: ${text || res.statusText}`);
}

/**
 * The request helper of spec §7: sends a JSON body (and its content-type) only
 * when a body is given, always with credentials; a non-OK answer throws.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res, url);
  return res;
}

/** apiRequest, then the parsed JSON answer (null for an empty body such as 204). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/**
 * The default loader (spec §7): GETs the address made of the query key joined
 * with '/', parses JSON; a 401 throws, or yields null with `on401: 'returnNull'`.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.join('/');
    const res = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res, url);
    return (await res.json()) as T;
  };
}

/**
 * The human part of an error thrown by the helpers: the server's `{message}`
 * when the text is JSON, else the text after the status; for toasts.
 */
export function apiErrorMessage(error: unknown, fallback = 'Något gick fel'): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || fallback;
  const text = match[1];
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed?.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // not JSON: the text itself is the message
  }
  return text || fallback;
}

/** The HTTP status of an error thrown by the helpers, or null. */
export function apiErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}
