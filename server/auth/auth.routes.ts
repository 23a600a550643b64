import { isPro } from '@common/rules/pro';
import { safeReturnTo } from '@common/rules/safe-return-to';
import { errorSchema } from '@common/schemas/errors';
import { type AuthSession, type FullUser, fullUserSchema, sessionSchema } from '@common/schemas/users';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { announceEndedSessions } from '../plugins/ended-sessions';
import { upsertLoginUser } from './auth.service';
import { BUILTIN_ISSUER_KEY } from './builtin-account';
import { requireUser } from './current-user';
import type { RelyingParty } from './relying-party';
import { presentFullUser, type UserRow } from './users.presenter';

declare module 'fastify' {
  interface Session {
    idToken?: string;
  }
}

/** Login, callback, logout (relying party) and the current user. */
export async function authRoutes(app: FastifyInstance, opts: { rp: RelyingParty; loginRateLimit: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rp } = opts;
  const publicUrl = new URL(app.config.publicUrl);

  r.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start login or sign-up at the OpenID Connect issuer',
        querystring: z.object({
          screen: z.enum(['signup', 'login']).optional(),
          // Anything but a same-site path (see safeReturnTo) returns to '/' rather than failing the login.
          returnTo: z.string().optional(),
        }),
      },
      config: { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // The login checks live in a cookie for the public host: go there first if addressed otherwise.
      if (request.host !== publicUrl.host) {
        return reply.redirect(`${app.config.publicUrl}${request.url}`);
      }
      const start = await rp.startLogin(request.query.screen === 'signup' ? 'signup' : undefined);
      request.session.set('login', {
        codeVerifier: start.codeVerifier,
        state: start.state,
        nonce: start.nonce,
        returnTo: safeReturnTo(request.query.returnTo, app.config.publicUrl),
      });
      return reply.redirect(start.url);
    },
  );

  r.get(
    '/api/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish login: code exchange with PKCE, state and nonce checked',
        // The parameters an OpenID provider sends back (RFC 6749 §4.1.2, RFC 9207); the exchange reads the URL itself.
        querystring: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(1024).optional(),
          iss: z.string().max(2048).optional(),
          session_state: z.string().max(1024).optional(),
          error: z.string().max(256).optional(),
          error_description: z.string().max(2048).optional(),
        }),
      },
      config: { rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const pending = request.session.get('login');
      if (request.query.error || !pending) return reply.redirect('/');
      let result: Awaited<ReturnType<RelyingParty['finishLogin']>>;
      try {
        result = await rp.finishLogin(new URL(request.url, app.config.publicUrl), pending);
      } catch (err) {
        request.log.warn({ err }, 'login callback refused');
        request.session.set('login', undefined);
        return reply.status(400).send({ message: 'Inloggningen kunde inte slutföras. Försök igen.' });
      }
      const { claims } = result;
      const user = await upsertLoginUser(
        app.db,
        {
          // The built-in issuer's logins keep their link whatever PUBLIC_URL (its URL) becomes.
          issuer: app.config.builtInIssuer ? BUILTIN_ISSUER_KEY : rp.issuer,
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          emailVerified: claims.email_verified === true,
          firstName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
          lastName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        },
        app.config.ADMIN_EMAILS,
      );
      // A suspended member proved who they are but may not log in (issue 15): no session, the reason shown.
      if (user.suspendedAt) {
        request.session.set('login', undefined);
        return reply.redirect('/avstangd');
      }
      // A new session id at login (no fixation).
      await request.session.regenerate();
      request.session.set('userId', user.id);
      request.session.set('idToken', result.idToken);
      return reply.redirect(pending.returnTo);
    },
  );

  r.get(
    '/api/logout',
    { schema: { tags: ['auth'], summary: 'Log out here and at the issuer' } },
    async (request, reply) => {
      const idToken = request.session.get('idToken');
      const hadUser = !!request.session.get('userId');
      const sid = request.session.sessionId;
      await request.session.destroy();
      // This session's WebSockets close too, on whichever instance holds them.
      if (hadUser) await announceEndedSessions(app.db, [sid]);
      const url = hadUser ? await rp.logoutUrl(idToken).catch(() => null) : null;
      return reply.redirect(url ?? '/');
    },
  );

  // Asked on every page load: the answers are serialized (checked against the schema) once per version of
  // the member's row, which the user cache hands out as the same object until the row changes, and per Pro
  // state, the one part that moves with time (issue 17).
  const ownRecords = new WeakMap<UserRow, { isPro: boolean; user?: Buffer; session?: Buffer }>();
  /** The member's answer of one of the two routes below, serialized once per row version and Pro state. */
  const kept = (user: UserRow, route: 'user' | 'session', serialize: (full: FullUser) => string): Buffer => {
    let entry = ownRecords.get(user);
    const pro = isPro(user, new Date());
    if (entry?.isPro !== pro) {
      entry = { isPro: pro };
      ownRecords.set(user, entry);
    }
    entry[route] ??= Buffer.from(serialize(presentFullUser(user)));
    return entry[route];
  };
  const serializerOf = (
    reply: FastifyReply,
    route: string,
  ): ((payload: { [key: string]: unknown }) => string) => {
    const serialize = reply.getSerializationFunction('200');
    if (!serialize) throw new Error(`${route} has no serializer`);
    return serialize;
  };

  r.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The logged-in member (own record in full), or 401',
        response: { 200: fullUserSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const body = kept(user, 'user', (full) => serializerOf(reply, '/api/auth/user')(full));
      return reply.type('application/json; charset=utf-8').send(body as unknown as FullUser);
    },
  );

  // The app's own question (issue 26): who is logged in, always 200 — `user` null for a visitor — so a
  // visitor's page logs no failed request. GET /api/auth/user keeps its 401 for API clients (spec §7).
  const VISITOR = Buffer.from('{"user":null}');
  r.get(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is logged in: { user } with the own record in full, or { user: null } for a visitor',
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const body = user
        ? kept(user, 'session', (full) => serializerOf(reply, '/api/auth/session')({ user: full }))
        : VISITOR;
      return reply.type('application/json; charset=utf-8').send(body as unknown as AuthSession);
    },
  );
}
