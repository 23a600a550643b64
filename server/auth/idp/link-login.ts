import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * After a confirmation or reset link is followed, the browser that followed it is logged in: a
 * signed, httpOnly cookie names the account for two minutes, scoped to the issuer's interaction
 * pages. The next login interaction of that browser (started by /api/login) finishes with it at
 * once and clears it. Following the link already proved the mailbox, which is what a reset needs.
 */
const COOKIE = 'sg_idp_link_login';
const PATH = '/idp/interaction';
const TTL_MS = 2 * 60 * 1000;

export function createLinkLogin(secret: string, secure: boolean) {
  const sign = (value: string) => createHmac('sha256', secret).update(value).digest('base64url');

  return {
    /** Marks this browser as the one that just proved the account's address. */
    set(reply: FastifyReply, accountId: string): void {
      const value = `${accountId}.${Date.now() + TTL_MS}.${randomBytes(8).toString('base64url')}`;
      reply.header(
        'set-cookie',
        `${COOKIE}=${value}.${sign(value)}; Path=${PATH}; Max-Age=${TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    },

    /** The account this browser proved within two minutes (and clears the mark), or null. */
    take(request: FastifyRequest, reply: FastifyReply): string | null {
      const raw = request.cookies?.[COOKIE];
      if (!raw) return null;
      // On the raw response: the interaction is finished by oidc-provider on it (the reply is hijacked).
      reply.raw.setHeader(
        'set-cookie',
        `${COOKIE}=; Path=${PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
      const cut = raw.lastIndexOf('.');
      const value = raw.slice(0, cut);
      const given = Buffer.from(raw.slice(cut + 1));
      const expected = Buffer.from(sign(value));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [accountId, expires] = value.split('.');
      if (!accountId || !(Number(expires) > Date.now())) return null;
      return accountId;
    },
  };
}

export type LinkLogin = ReturnType<typeof createLinkLogin>;
