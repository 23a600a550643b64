import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, Session } from 'fastify';
import type { SessionData, SessionStore, StoredSession } from './session-store';

declare module 'fastify' {
  /** What the site keeps in a session: each domain declares its own keys. */
  interface Session {}
  interface FastifyRequest {
    session: MemberSession;
  }
}

/** Signs session ids into cookie values and checks them back (`auth/session-signer.ts`). */
export interface CookieSigner {
  sign(value: string): string;
  /** `renew`: valid, but signed with an older secret (SESSION_SECRET rotated): to be signed anew. */
  unsign(cookie: string): { valid: boolean; renew?: boolean; value: string | null };
}

export interface SessionOptions {
  store: SessionStore;
  signer: CookieSigner;
  cookieName: string;
  /** A session's lifetime; one used after half of it has passed is extended to the whole again. */
  maxAgeMs: number;
}

type Key = keyof Session & string;
type Context = Pick<SessionOptions, 'store' | 'signer' | 'maxAgeMs'>;

/** Cache-Control values no shared cache stores. */
const PRIVATE = /\b(no-store|private)\b/i;

/** 192 random bits, as URL-safe text (32 characters). */
const newSessionId = () => randomBytes(24).toString('base64url');

/**
 * A request's session. It is written (row and cookie, when the answer leaves) only when something in
 * it changed, so a visitor gets no cookie until it holds something (a pending login) and a member's
 * ordinary request writes nothing; a change is noticed where it is made (`set`, `touch`), never by
 * comparing the whole session.
 */
export class MemberSession {
  #ctx: Context;
  #id: string | null;
  #cookie: string | null;
  #data: SessionData;
  #ownData = false;
  #expires: Date | null;
  #modified = false;
  /** The session the request's cookie names, still in the store. */
  #fromCookie: boolean;

  /** `cookie` null: the request's cookie was signed with an older secret; written back signed with the newest. */
  constructor(ctx: Context, restored: { id: string; cookie: string | null; stored: StoredSession } | null) {
    this.#ctx = ctx;
    this.#id = restored?.id ?? null;
    this.#cookie = restored?.cookie ?? null;
    this.#data = restored?.stored.data ?? {};
    this.#expires = restored?.stored.expires ?? null;
    this.#fromCookie = restored !== null;
    this.#modified = restored !== null && restored.cookie === null;
  }

  get<K extends Key>(key: K): Session[K] {
    return this.#data[key] as Session[K];
  }

  set<K extends Key>(key: K, value: Session[K]): void {
    if (Object.is(this.#data[key], value)) return;
    // The stored data is shared with the store's copy and other requests: changed on a copy of our own.
    if (!this.#ownData) {
      this.#data = { ...this.#data };
      this.#ownData = true;
    }
    const data = this.#data as Record<string, unknown>;
    if (value === undefined) delete data[key];
    else data[key] = value;
    this.#modified = true;
  }

  /** This session's id (a new session gets one when first asked). */
  get sessionId(): string {
    this.#id ??= newSessionId();
    return this.#id;
  }

  /** When the session ends unless it is extended. */
  get expires(): Date {
    this.#expires ??= new Date(Date.now() + this.#ctx.maxAgeMs);
    return this.#expires;
  }

  /** Extends the session to its whole lifetime from now. */
  touch(): void {
    this.#expires = new Date(Date.now() + this.#ctx.maxAgeMs);
    this.#modified = true;
  }

  /** A new, empty session under a new id, saved with this answer (at login, against fixation); the old one ends at once. */
  async regenerate(): Promise<void> {
    await this.destroy();
    this.#modified = true;
  }

  /** Ends the session: its row goes, the cookie is cleared, and the request goes on as a visitor's. */
  async destroy(): Promise<void> {
    if (this.#fromCookie && this.#id) await this.#ctx.store.destroy(this.#id);
    this.#id = null;
    this.#cookie = null;
    this.#data = {};
    this.#ownData = false;
    this.#expires = null;
    this.#modified = false;
    this.#fromCookie = false;
  }

  /** @internal What the plugin writes when the answer leaves, or null when nothing changed. */
  pending(): { id: string; cookie: string; data: SessionData; expires: Date } | null {
    if (!this.#modified) return null;
    const id = this.sessionId;
    this.#cookie ??= this.#ctx.signer.sign(id);
    return { id, cookie: this.#cookie, data: this.#data, expires: this.expires };
  }

  /**
   * @internal The write failed (the database is unreachable): nothing is written with the error answer
   * that follows, so that answer cannot fail the same way (and fall through to Fastify's own handler,
   * which would echo the failed query with its parameters).
   */
  abandonWrite(): void {
    this.#modified = false;
  }

  /** @internal Whether the request's cookie still names this session. */
  isFromCookie(): boolean {
    return this.#fromCookie;
  }
}

/**
 * The site's sessions: a signed `cookieName` cookie (HttpOnly, SameSite=Lax, Secure over https) naming
 * a row of the store. A request whose cookie is forged, or names a session that ended, is a visitor's,
 * and its cookie is cleared. Needs @fastify/cookie registered first.
 */
export function registerSession(app: FastifyInstance, options: SessionOptions): void {
  const { store, signer, cookieName, maxAgeMs } = options;
  const ctx: Context = { store, signer, maxAgeMs };
  const restore = (
    request: FastifyRequest,
    id: string,
    cookie: string | null,
    stored: StoredSession | null,
  ) => {
    request.session = new MemberSession(ctx, stored && { id, cookie, stored });
  };

  app.decorateRequest('session', null as unknown as MemberSession);
  app.addHook('onRequest', (request, _reply, done) => {
    const cookie = request.cookies[cookieName];
    const id = cookie ? signer.unsign(cookie) : null;
    if (!cookie || !id?.valid || !id.value) {
      request.session = new MemberSession(ctx, null);
      return done();
    }
    const sid = id.value;
    // Signed with an older secret: the session is written back with a cookie signed by the newest.
    const current = id.renew ? null : cookie;
    // The store's current copy, without waiting a turn; else the row.
    const known = store.peek(sid);
    if (known !== undefined) {
      restore(request, sid, current, known);
      return done();
    }
    store.get(sid).then((stored) => {
      restore(request, sid, current, stored);
      done();
    }, done);
  });

  app.addHook('onSend', (request, reply, _payload, done) => {
    const session = request.session as MemberSession | null;
    if (!session) return done();
    const fromCookie = session.isFromCookie();
    const privateAnswer = () => PRIVATE.test(String(reply.getHeader('cache-control') ?? ''));
    // Extended on a private answer only: a cookie must never ride on one a shared cache may keep.
    if (fromCookie && session.expires.getTime() - Date.now() < maxAgeMs / 2 && privateAnswer()) {
      session.touch();
    }
    const write = session.pending();
    if (!write) {
      if (!fromCookie && request.cookies[cookieName] !== undefined)
        reply.clearCookie(cookieName, { path: '/' });
      return done();
    }
    store.set(write.id, write.data, write.expires).then(
      () => {
        if (!privateAnswer()) reply.header('cache-control', 'no-store');
        reply.setCookie(cookieName, write.cookie, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          expires: write.expires,
        });
        done();
      },
      (err) => {
        session.abandonWrite();
        done(err);
      },
    );
  });
}
