import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CatalogRoute } from '../plugins/safe-defaults';
import { buildAdmin, buildCourse, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { TEST_ORIGIN, type TestContext } from '../test/test-app';

type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The three kinds of caller every route is tried as. */
export const CALLERS = ['visitor', 'member', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** Methods whose requests carry a body. */
export const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** The issuer's protocol paths (oidc-provider behind /idp/*) tried as black boxes. */
export const IDP_PROTOCOL_PATHS = [
  '.well-known/openid-configuration',
  'auth',
  'token',
  'jwks',
  'me',
  'session/end',
  'reg',
];

/** Rows the route parameters point at, so requests reach past "not found". */
export interface Fixtures {
  member: { id: string };
  admin: { id: string };
  event: { id: number };
  registration: { id: number };
  course: { id: number };
}

/** A Pro member registered for an upcoming event, an admin and a course. */
export async function buildFixtures(t: TestContext): Promise<Fixtures> {
  const member = await buildPro(t.db);
  const admin = await buildAdmin(t.db);
  const event = await buildEvent(t.db);
  const registration = await buildRegistration(t.db, { eventId: event.id, userId: member.id });
  const { course } = await buildCourse(t.db);
  return { member, admin, event, registration, course };
}

/** Routes worth fuzzing: every method but HEAD (it is GET's), without the built client's static files. */
export function fuzzableRoutes(app: FastifyInstance): CatalogRoute[] {
  const seen = new Set<string>();
  const routes: CatalogRoute[] = [];
  for (const route of app.routeCatalog) {
    if (route.method === 'HEAD' || route.url.startsWith('/assets/')) continue;
    if (/\.[a-z0-9]+$/i.test(route.url) && !route.url.startsWith('/api/')) continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push(route);
  }
  // Deleting comes last, so the other requests still find the fixtures.
  return routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** The names of a route's path parameters, in order ('*' for a wildcard). */
export function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
}

/** A value for a path parameter that points at a fixture (or is at least well-formed). */
export function fixtureParam(url: string, name: string, fx: Fixtures): string {
  if (name === '*') return url.startsWith('/idp/') ? IDP_PROTOCOL_PATHS[0] : 'index.html';
  if (url.startsWith('/api/messages/')) return fx.admin.id;
  if (url.startsWith('/api/users') || url.startsWith('/api/admin/users')) return fx.member.id;
  if (url.startsWith('/api/registrations/')) return String(fx.registration.id);
  if (url.startsWith('/api/images/')) return randomUUID();
  if (url.startsWith('/api/admin/reports/')) return '1';
  if (url.startsWith('/api/admin/courses/')) return String(fx.course.id);
  if (url.startsWith('/api/admin/order-of-merit/')) return '2026';
  if (url.startsWith('/api/rides/')) return '1';
  if (name === 'userId') return fx.member.id;
  if (url.startsWith('/api/events') || url.startsWith('/api/admin/events')) {
    if (name === 'registrationId') return String(fx.registration.id);
    if (name === 'groupId') return '1';
    return String(fx.event.id);
  }
  return 'x';
}

/** The route's URL with its parameters filled (encoded); `override` replaces every parameter's value. */
export function fillUrl(url: string, fx: Fixtures, override?: (name: string) => string): string {
  return url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
    const key = name ?? '*';
    const value = override ? override(key) : fixtureParam(url, key, fx);
    // The wildcard is a path of its own (e.g. '.well-known/openid-configuration').
    return key === '*' && !override ? value : encodeURIComponent(value);
  });
}

/** The keys of an object zod schema (looking through pipes, defaults, refinements), else []. */
export function schemaKeys(schema: unknown): string[] {
  let current = schema as { _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let i = 0; i < 20 && current?._zod?.def; i++) {
    const def = current._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as object);
    const next = def.in ?? def.innerType ?? def.left;
    if (!next) return [];
    current = next as typeof current;
  }
  return [];
}

/** A query string from key/value pairs (arrays repeat the key). */
export function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const item of [v].flat()) params.append(k, item);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** One request as a caller: the site's Origin and host, the caller's session cookie, a JSON body if any. */
export function send(
  app: FastifyInstance,
  cookie: string | null,
  method: string,
  url: string,
  body?: { raw: string; type?: string },
): Promise<InjectResponse> {
  return app.inject({
    method: method as InjectOptions['method'],
    url,
    payload: body?.raw,
    headers: {
      host: 'localhost:5000',
      origin: TEST_ORIGIN,
      ...(body ? { 'content-type': body.type ?? 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** What is wrong with an answer to bad input, or null: never a 5xx; an /api/ error is JSON {message}. */
export function problemWith(url: string, res: InjectResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (url.startsWith('/api/') && res.statusCode >= 400) {
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return `${res.statusCode} without a JSON body: ${res.body.slice(0, 100)}`;
    }
    const message = (body as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.length === 0) return `${res.statusCode} without a message`;
  }
  return null;
}
