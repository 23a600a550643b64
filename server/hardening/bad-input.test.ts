import { msg } from '@common/messages';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectsObject } from '../plugins/safe-defaults';
import { createTestContext, type TestContext } from '../test/test-app';
import {
  BODY_METHODS,
  buildFixtures,
  CALLERS,
  type Caller,
  type Fixtures,
  fillUrl,
  fuzzableRoutes,
  IDP_PROTOCOL_PATHS,
  paramNames,
  problemWith,
  queryString,
  schemaKeys,
  send,
} from './fuzz-helpers';

/**
 * Bad input on every route (issue 12): bodies that are not objects, NUL bytes, over-long strings,
 * garbage ids and queries, then arbitrary JSON (fast-check, seeded), as a visitor, a member and an
 * admin. Whatever comes in, the answer is never a 5xx, and an /api/ error is JSON {message}.
 */
describe('bad input gets 4xx, never 5xx', () => {
  let t: TestContext;
  let fx: Fixtures;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh session for the caller (a route like logout-everywhere may end the previous one). */
  async function cookieOf(caller: Caller): Promise<string | null> {
    if (caller === 'visitor') return null;
    return (await t.as(caller === 'member' ? fx.member : fx.admin)).cookie;
  }

  /** The concrete URLs a route is tried at: the issuer's wildcard stands for each protocol path. */
  function urlsOf(url: string): string[] {
    if (url === '/idp/*') return IDP_PROTOCOL_PATHS.map((p) => `/idp/${p}`);
    return [fillUrl(url, fx)];
  }

  it('sees every route (the catalog is complete)', () => {
    const keys = new Set(fuzzableRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    for (const route of [
      'POST /api/events',
      'PUT /api/users/:id',
      'POST /api/messages',
      'GET /api/users',
      'POST /api/stripe/webhook',
      'POST /idp/forgot',
      'POST /idp/*',
      'DELETE /api/events/:id',
    ]) {
      expect(keys).toContain(route);
    }
    expect(keys.size).toBeGreaterThan(60);
  });

  it('answers a body of null, an array or a scalar with 400 on every route that takes an object', async () => {
    fx = await buildFixtures(t);
    const problems: string[] = [];
    let objectRoutes = 0;
    for (const caller of CALLERS) {
      for (const route of fuzzableRoutes(t.app)) {
        if (!BODY_METHODS.has(route.method)) continue;
        const cookie = await cookieOf(caller);
        const objectBody = expectsObject(route.schema?.body);
        if (objectBody && caller === 'visitor') objectRoutes++;
        for (const url of urlsOf(route.url)) {
          for (const raw of ['null', '[]', '[{"a":1}]', '"x"', '1', 'true']) {
            const res = await send(t.app, cookie, route.method, url, { raw });
            const problem = problemWith(url, res);
            if (problem) problems.push(`${caller} ${route.method} ${url} ${raw}: ${problem}`);
            else if (caller === 'visitor' && res.statusCode === 401) {
              // Routes that check the session before the body (passkeys) may say so first.
            } else if (
              objectBody &&
              (res.statusCode !== 400 || res.json().message !== msg.jsonObjectExpected)
            ) {
              problems.push(
                `${caller} ${route.method} ${url} ${raw}: ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(objectRoutes).toBeGreaterThan(20);
  });

  it('answers a NUL byte in any body field, query value or path parameter with 400 and the message', async () => {
    fx = await buildFixtures(t);
    const problems: string[] = [];
    const expectNul = (what: string, url: string, res: Awaited<ReturnType<typeof send>>) => {
      // oidc-provider reads its own bodies (and wants a content type for QUERY): a black box that must not fail.
      if (url.startsWith('/idp/') && what.includes('/idp/*')) {
        if (res.statusCode < 400 || res.statusCode >= 500) problems.push(`${what}: ${res.statusCode}`);
        return;
      }
      if (res.statusCode !== 400)
        return problems.push(`${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      // The issuer's HTML pages answer text; everything else JSON {message}.
      const message =
        url.startsWith('/idp/') && !String(res.headers['content-type']).includes('json')
          ? res.body
          : res.json().message;
      if (message !== msg.nulCharacter) problems.push(`${what}: ${message}`);
    };
    for (const caller of CALLERS) {
      for (const route of fuzzableRoutes(t.app)) {
        const cookie = await cookieOf(caller);
        const what = `${caller} ${route.method} ${route.url}`;
        for (const url of urlsOf(route.url)) {
          const queryKeys = schemaKeys(route.schema?.querystring);
          const query = queryString(
            Object.fromEntries((queryKeys.length ? queryKeys : ['q']).map((k) => [k, 'a\u0000b'])),
          );
          expectNul(`${what} query`, url, await send(t.app, cookie, route.method, `${url}${query}`));
          // The webhook's body is raw bytes under a signature: refused for that (see below), not parsed here.
          if (BODY_METHODS.has(route.method) && route.url !== '/api/stripe/webhook') {
            const keys = schemaKeys(route.schema?.body);
            const body = Object.fromEntries((keys.length ? keys : ['text']).map((k) => [k, 'a\u0000b']));
            expectNul(
              `${what} body`,
              url,
              await send(t.app, cookie, route.method, url, { raw: JSON.stringify(body) }),
            );
            // Deep inside a value, and in a key.
            const deep = { [keys[0] ?? 'text']: [{ deeper: ['x', 'y\u0000'] }] };
            expectNul(
              `${what} nested`,
              url,
              await send(t.app, cookie, route.method, url, { raw: JSON.stringify(deep) }),
            );
            expectNul(
              `${what} key`,
              url,
              await send(t.app, cookie, route.method, url, { raw: '{"k\\u0000":1}' }),
            );
          }
        }
        if (paramNames(route.url).length > 0) {
          const url = fillUrl(route.url, fx, () => 'a\u0000b');
          expectNul(`${what} params`, url, await send(t.app, cookie, route.method, url));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers over-long strings, garbage ids and garbage queries with 4xx', async () => {
    fx = await buildFixtures(t);
    const problems: string[] = [];
    const check = async (
      caller: Caller,
      cookie: string | null,
      method: string,
      url: string,
      raw?: string,
    ) => {
      const res = await send(t.app, cookie, method, url, raw === undefined ? undefined : { raw });
      const problem = problemWith(url, res);
      if (problem) problems.push(`${caller} ${method} ${url.slice(0, 120)}: ${problem}`);
    };
    const huge = 'x'.repeat(20_000);
    const garbageIds = [
      'abc',
      '-1',
      '0',
      '1.5',
      '1099511627776',
      '99999999999999999999',
      '1e400',
      '😀',
      'ä'.repeat(300),
      '..',
    ];
    const garbageQueries = [
      huge.slice(0, 3000),
      '-1',
      '1099511627776',
      '99999999999999999999',
      '[]',
      '{}',
      'null',
      '0000-00-00',
      '😀',
    ];
    for (const caller of CALLERS) {
      for (const route of fuzzableRoutes(t.app)) {
        const cookie = await cookieOf(caller);
        const [url] = urlsOf(route.url);
        if (BODY_METHODS.has(route.method)) {
          const keys = schemaKeys(route.schema?.body);
          if (keys.length > 0) {
            await check(
              caller,
              cookie,
              route.method,
              url,
              JSON.stringify(Object.fromEntries(keys.map((k) => [k, huge]))),
            );
            await check(
              caller,
              cookie,
              route.method,
              url,
              JSON.stringify(Object.fromEntries(keys.map((k) => [k, 2 ** 53]))),
            );
            await check(
              caller,
              cookie,
              route.method,
              url,
              JSON.stringify(Object.fromEntries(keys.map((k) => [k, {}]))),
            );
          }
          await check(caller, cookie, route.method, url, '{"unclosed": ');
          await check(caller, cookie, route.method, url, JSON.stringify({ a: huge.repeat(60) }));
        }
        const queryKeys = schemaKeys(route.schema?.querystring);
        if (queryKeys.length > 0) {
          for (const value of garbageQueries) {
            // Each key alone (the others valid or absent), then all at once.
            for (const key of queryKeys)
              await check(caller, cookie, route.method, `${url}${queryString({ [key]: value })}`);
            await check(
              caller,
              cookie,
              route.method,
              `${url}${queryString(Object.fromEntries(queryKeys.map((k) => [k, value])))}`,
            );
          }
          // A key given twice is an array, not a string.
          await check(
            caller,
            cookie,
            route.method,
            `${url}${queryString(Object.fromEntries(queryKeys.map((k) => [k, ['a', 'b']])))}`,
          );
        }
        if (paramNames(route.url).length > 0 && route.url !== '/idp/*') {
          for (const id of garbageIds) {
            await check(
              caller,
              cookie,
              route.method,
              fillUrl(route.url, fx, () => id),
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers the Stripe webhook without a valid signature with 400, whatever the body', async () => {
    for (const raw of [
      'null',
      '[]',
      '"x"',
      '{"id":"evt_1","type":"checkout.session.completed"}',
      '{"a":"\\u0000"}',
    ]) {
      const res = await send(t.app, null, 'POST', '/api/stripe/webhook', { raw });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json()).toEqual({ message: msg.webhookSignatureInvalid });
    }
  });

  it("answers NUL in the issuer's protocol requests with 4xx (a form body, a query)", async () => {
    const form = 'application/x-www-form-urlencoded';
    for (const raw of [
      'grant_type=authorization_code&code=%00abc&redirect_uri=x&client_id=%00',
      'grant_type=refresh_token&refresh_token=a%00b&client_id=a%00&client_secret=x',
    ]) {
      const res = await send(t.app, null, 'POST', '/idp/token', { raw, type: form });
      expect(res.statusCode, raw).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, raw).toBeLessThan(500);
    }
    const res = await send(t.app, null, 'GET', '/idp/auth?client_id=%00&response_type=code');
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(msg.nulCharacter);
    const page = await send(t.app, null, 'POST', '/idp/forgot', {
      raw: 'email=a%00b%40example.se',
      type: form,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toBe(msg.nulCharacter);
  });

  it('property: arbitrary JSON bodies, queries and ids on every route never give a 5xx (fast-check, seeded)', async () => {
    fx = await buildFixtures(t);
    const special = fc.constantFrom<unknown>(
      '\u0000',
      '',
      ' ',
      '-271821-04-20T00:00:00Z',
      '275760-09-13T00:00:00Z',
      '1999-12-31T23:00:00Z',
      'NaN',
      2 ** 31,
      2 ** 40,
      -(2 ** 31) - 1,
      2 ** 53,
      1e308,
      -1,
      0.5,
      [],
      {},
      null,
    );
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2, stringUnit: 'binary' }), special);
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.constantFrom('\u0000', '-1', '1e999', '2100-13-01', '2147483648', '1099511627776'),
    );
    const problems: string[] = [];
    for (const route of fuzzableRoutes(t.app)) {
      const bodyKeys = schemaKeys(route.schema?.body);
      const queryKeys = schemaKeys(route.schema?.querystring);
      const body = BODY_METHODS.has(route.method)
        ? fc.oneof(
            value,
            bodyKeys.length > 0
              ? fc.dictionary(fc.constantFrom(...bodyKeys), value, { maxKeys: bodyKeys.length })
              : value,
          )
        : fc.constant(undefined);
      const query = fc.dictionary(
        queryKeys.length > 0 ? fc.constantFrom(...queryKeys) : fc.string({ maxLength: 5 }),
        text,
        {
          maxKeys: 3,
        },
      );
      const param = fc.option(text, { nil: undefined, freq: 2 });
      const caller = fc.constantFrom(...CALLERS);
      try {
        await fc.assert(
          fc.asyncProperty(caller, body, query, param, async (who, b, q, p) => {
            const cookie = await cookieOf(who);
            const base = p === undefined ? urlsOf(route.url)[0] : fillUrl(route.url, fx, () => p);
            const url = `${base}${queryString(q)}`;
            const res = await send(
              t.app,
              cookie,
              route.method,
              url,
              b === undefined ? undefined : { raw: JSON.stringify(b) },
            );
            const problem = problemWith(url, res);
            if (problem) throw new Error(`${who} ${route.method} ${url}: ${problem}`);
          }),
          { numRuns: 20, seed: 20_120_612, endOnFailure: true },
        );
      } catch (err) {
        problems.push(
          `${route.method} ${route.url}: ${(err as Error).message.split('\n').slice(0, 4).join(' | ')}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
});
