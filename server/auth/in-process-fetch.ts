import type { FastifyInstance } from 'fastify';
import type { CustomFetch } from 'openid-client';

/**
 * A fetch for the relying party that answers requests to the built-in issuer
 * in process (app.inject), so the app never calls itself over the network
 * and works the same behind a proxy, with several instances, and in tests.
 */
export function inProcessFetch(app: FastifyInstance, publicUrl: string): CustomFetch {
  const base = new URL(publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== base.origin) return fetch(url, options as RequestInit);
    const headers: Record<string, string> = {};
    new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach((v, k) => {
      headers[k] = v;
    });
    headers.host = base.host;
    if (base.protocol === 'https:') headers['x-forwarded-proto'] = 'https';
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers,
      payload:
        options.body == null
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : String(options.body),
    });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) out.append(k, String(one));
    }
    return new Response(res.statusCode === 204 ? null : res.rawPayload, {
      status: res.statusCode,
      headers: out,
    });
  };
}
