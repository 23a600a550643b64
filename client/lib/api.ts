import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';

/** The JSON body of an error answer: the server's `{message}` and any fields it adds (e.g. `requiresUpgrade`). */
export type ApiErrorBody = { message: string } & Record<string, unknown>;

/**
 * A call the server answered with a non-OK status. `message` is the server's Swedish `message` (the
 * status text when the answer carried none), `status` the HTTP status and `body` the parsed JSON error
 * body, or null when the answer was not one (an empty answer, a proxy's HTML page).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, body: ApiErrorBody | null, statusText = '') {
    super(body?.message || statusText || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * A response that does not match the shared schema of its endpoint (checked in development only):
 * the client and the server disagree about the contract.
 */
export class ApiContractError extends Error {
  readonly url: string;
  readonly issues: z.core.$ZodIssue[];

  constructor(url: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    super(`Svaret från ${url} följer inte schemat: ${first?.path.join('.') || '(roten)'}: ${first?.message}`);
    this.name = 'ApiContractError';
    this.url = url;
    this.issues = issues;
  }
}

/**
 * The shared zod schema an endpoint's answer follows (common/schemas/), to check it by in development.
 * Pass it as `import.meta.env.DEV ? schema : undefined`: the build then drops the schema and the module
 * chain behind it; a schema passed as it is gets built when its chunk loads, though never used.
 */
export type ResponseSchema<T> = z.ZodType<T>;

/** The server's error shape (common/schemas/errors.ts), checked without zod so the first bundle has none. */
const isErrorBody = (v: unknown): v is ApiErrorBody =>
  typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string';

/** Reads a non-OK answer into an ApiError and logs it (spec §8: 'API Error:'). */
export async function apiErrorFrom(res: Response, url: string): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  console.error('API Error:', url, res.status, text);
  let body: ApiErrorBody | null = null;
  try {
    const json: unknown = JSON.parse(text);
    if (isErrorBody(json)) body = json;
  } catch {
    // Not JSON: no body; the status text is the message.
  }
  return new ApiError(res.status, body, res.statusText);
}

async function throwIfNotOk(res: Response, url: string): Promise<void> {
  if (!res.ok) throw await apiErrorFrom(res, url);
}

/**
 * In development, checks an answer against its shared schema and throws ApiContractError when they
 * disagree; the data itself is returned untouched (as in production, where nothing is checked).
 */
export function checkResponse<T>(url: string, data: unknown, schema?: ResponseSchema<T>): T {
  if (import.meta.env.DEV && schema) {
    const result = schema.safeParse(data);
    if (!result.success) {
      console.error('API contract:', url, result.error.issues);
      throw new ApiContractError(url, result.error.issues);
    }
  }
  return data as T;
}

/**
 * The request helper of spec §7: sends a JSON body (and its content-type) only
 * when a body is given, always with credentials; a non-OK answer throws ApiError.
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

/**
 * apiRequest, then the parsed JSON answer (null for an empty body such as 204), checked against
 * `schema` in development.
 */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  schema?: ResponseSchema<T>,
): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return checkResponse(url, text ? JSON.parse(text) : null, schema);
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/**
 * The default loader (spec §7): GETs the address made of the query key joined
 * with '/', parses JSON (checked against `schema` in development); a 401 throws,
 * or yields null with `on401: 'returnNull'`.
 */
export function getQueryFn<T>({
  on401,
  schema,
}: {
  on401: UnauthorizedBehavior;
  schema?: ResponseSchema<T>;
}): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.join('/');
    const res = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res, url);
    return checkResponse(url, await res.json(), schema);
  };
}

/**
 * The message to show for a failed call: the server's Swedish `message`, else `fallback` (a network
 * failure, an answer without a message, anything that is not an ApiError).
 */
export function apiErrorMessage(error: unknown, fallback = 'Något gick fel'): string {
  return error instanceof ApiError && error.body?.message ? error.body.message : fallback;
}

/** The HTTP status of a failed call, or null when it is not an ApiError (e.g. a network failure). */
export function apiErrorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}
