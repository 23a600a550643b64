import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenProblemMessage } from '../account-tokens';
import type { LinkLogin } from './link-login';
import { errorPage, linkResultPage } from './pages';
import type { BuiltInIssuer } from './provider';

// 'same-origin' instead of the site's 'no-referrer': with 'no-referrer' a browser sends `Origin: null`
// on the POST of a form (Fetch standard), so our own forms could not be told from a sandboxed frame's.
export const html = (reply: FastifyReply, body: string, status = 200) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(body);

/** True when a form post comes from a page of this site (Origin, else Referer; `null` never). */
export function fromOwnPage(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === publicOrigin;
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === publicOrigin;
  } catch {
    return false;
  }
}

type Provider = BuiltInIssuer['provider'];
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What every page of the issuer's login and e-mailed links shares: the provider, the rate limit, the answers. */
export interface IdpPages {
  provider: Provider;
  linkLogin: LinkLogin;
  rateLimit: { max: number; timeWindow: string };
  /** The login in progress for this browser, or null when it has run out (or never was). */
  details(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | null>;
  /** The answer when the login in progress has run out. */
  expired(reply: FastifyReply): FastifyReply;
  /** Ends the login in progress as the given account (oidc-provider answers the browser). */
  finishLogin(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void>;
  /** The answer to an e-mailed link that cannot be used (unknown, used, expired). */
  problemPage(reply: FastifyReply, problem: keyof typeof tokenProblemMessage): FastifyReply;
}

/** The shared parts of the issuer's pages. */
export function createIdpPages(
  issuer: BuiltInIssuer,
  linkLogin: LinkLogin,
  loginRateLimit: number,
): IdpPages {
  const { provider } = issuer;
  return {
    provider,
    linkLogin,
    rateLimit: { max: loginRateLimit, timeWindow: '1 minute' },
    async details(request, reply) {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return null;
      }
    },
    expired: (reply) =>
      html(reply, errorPage('Inloggningen har gått ut. Gå tillbaka till startsidan och försök igen.'), 400),
    async finishLogin(request, reply, accountId) {
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    },
    problemPage: (reply, problem) =>
      html(reply, linkResultPage('Länken fungerar inte', tokenProblemMessage[problem]), 400),
  };
}
