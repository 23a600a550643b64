import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { createUserCache } from './user-cache';
import type { UserRow } from './users.presenter';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** Pending login: PKCE verifier, state, nonce and where to go after. */
    login?: { codeVerifier: string; state: string; nonce: string; returnTo: string };
  }
  interface FastifyRequest {
    /** The logged-in member (loaded once per request), or null. */
    currentUser(): Promise<UserRow | null>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/** Decorates requests with currentUser(), read from the session's user id. */
export function registerCurrentUser(app: FastifyInstance): void {
  const userById = createUserCache(() => app.watches.users, app.db);
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      const userId = this.session?.get('userId');
      // A suspended member's sessions are ended at suspension; one that slips through is no login either.
      pending = userId
        ? userById(userId).then((u) => (u?.suspendedAt || u?.deletedAt ? null : u))
        : Promise.resolve(null);
      cache.set(this, pending);
    }
    return pending;
  });
}

/** The logged-in member, or a 401. */
export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await request.currentUser();
  if (!user) throw new UnauthorizedError();
  return user;
}

/** The logged-in admin, or a 401/403. */
export async function requireAdmin(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw new ForbiddenError();
  return user;
}
