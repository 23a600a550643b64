import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { outboundEmails } from '../db/schema';
import { TEST_ORIGIN } from './test-app';

/**
 * A tiny browser over app.inject: keeps cookies per path and follows redirects within the site. Every
 * POST carries the site's Origin, as a browser's form post from the site's pages does.
 * `remoteAddress`: the client address the server sees (default 127.0.0.1).
 */
export function browser(app: FastifyInstance, opts: { remoteAddress?: string } = {}) {
  const jar = new Map<string, { value: string; path: string }>();
  const cookieHeader = (pathname: string) =>
    [...jar]
      .filter(([, c]) => pathname.startsWith(c.path))
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ');
  async function request(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    const u = new URL(url, TEST_ORIGIN);
    const res = await app.inject({
      method,
      url: u.pathname + u.search,
      remoteAddress: opts.remoteAddress,
      headers: {
        host: 'localhost:5000',
        cookie: cookieHeader(u.pathname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(method === 'POST' ? { origin: TEST_ORIGIN } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookies = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = pair.split('=');
      const path =
        attrs
          .find((a) => /^\s*path=/i.test(a))
          ?.split('=')[1]
          ?.trim() ?? '/';
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970|max-age=0\b/i.test(a.trim()));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), { value: rest.join('='), path });
    }
    return res;
  }
  /** Requests and follows redirects; answers the last response and the URL it came from. */
  async function go(method: 'GET' | 'POST', url: string, form?: Record<string, string>) {
    let res = await request(method, url, form);
    let current = new URL(url, TEST_ORIGIN).href;
    for (let i = 0; i < 10 && res.statusCode >= 300 && res.statusCode < 400; i++) {
      current = new URL(String(res.headers.location), current).href;
      res = await request('GET', current);
    }
    return { res, url: current };
  }
  /** The value of a cookie, whatever its path. */
  const cookie = (name: string) => jar.get(name)?.value;
  return { go, request, cookie, jar };
}

export type TestBrowser = ReturnType<typeof browser>;

/** Starts a login (or sign-up) and answers the interaction's uid. */
export async function startLogin(b: TestBrowser, screen?: 'signup'): Promise<string> {
  const start = await b.go('GET', screen ? '/api/login?screen=signup' : '/api/login');
  const uid = new URL(start.url).pathname.split('/')[3];
  if (!uid) throw new Error(`no interaction: ${start.url} ${start.res.statusCode}`);
  return uid;
}

/** The newest e-mail of a template to an address in the outbox (captured or queued), or undefined. */
export async function lastEmail(db: Db, to: string, template: string) {
  const [row] = await db
    .select()
    .from(outboundEmails)
    .where(
      and(
        sql`lower(${outboundEmails.recipient}) = ${to.toLowerCase()}`,
        eq(outboundEmails.template, template),
      ),
    )
    .orderBy(desc(outboundEmails.createdAt))
    .limit(1);
  return row;
}

/** The first link under the site in an e-mail's text that contains `part`. */
export function linkIn(text: string, part: string): string {
  const link = text.match(/https?:\/\/[^\s)>\]]+/g)?.find((l) => l.includes(part));
  if (!link) throw new Error(`no link with ${part} in: ${text}`);
  return link;
}

/** Signs up through the issuer's pages and follows the confirmation link: answers a logged-in browser. */
export async function signUpAndVerify(
  app: FastifyInstance,
  db: Db,
  person: { firstName: string; lastName: string; email: string; password: string },
): Promise<TestBrowser> {
  const b = browser(app);
  const uid = await startLogin(b, 'signup');
  const sent = await b.go('POST', `/idp/interaction/${uid}/signup`, { ...person, acceptTerms: 'on' });
  if (!sent.res.body.includes('Kolla din e-post')) throw new Error(`sign-up refused: ${sent.res.body}`);
  const mail = await lastEmail(db, person.email, 'verify-email');
  if (!mail) throw new Error('no confirmation e-mail');
  const link = linkIn(mail.textBody, '/idp/verify/');
  await b.go('POST', link);
  return b;
}
