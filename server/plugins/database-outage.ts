import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a member sees while the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Tjänsten är tillfälligt otillgänglig. Försök igen om en stund.';

/** Seconds a client should wait before trying again (the pool reconnects on the next query). */
export const RETRY_AFTER_SECONDS = 5;

// The driver could not reach the server (refused, reset, timed out, name not found).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
// SQLSTATEs of a server that is going down, starting up or full: admin_shutdown, crash_shutdown,
// cannot_connect_now, too_many_connections. Class 08 (connection exceptions) is matched as a whole.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// node-postgres and PGlite say it only in words.
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
  /^Cannot use a pool after calling end/,
  /^PGlite is clos(ed|ing)/,
];

/**
 * True when an error (or one it wraps: Drizzle puts the driver's error in `cause`) means the
 * database cannot be reached right now, as opposed to a query that is wrong. Such a request may
 * work a moment later, so it gets 503 with Retry-After instead of 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailableReason(err) !== null;
}

/** The error in the chain that says the database is unreachable, or null. */
function unavailableReason(err: unknown): { code?: string; message?: string } | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    const reason = {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
    if (reason.code && (NETWORK_CODES.has(reason.code) || SERVER_CODES.has(reason.code))) return reason;
    if (reason.code && /^08[0-9A-Z]{3}$/.test(reason.code)) return reason;
    if (reason.message && MESSAGES.some((re) => re.test(reason.message ?? ''))) return reason;
    // A connect to every address of a host name failed (Node's AggregateError).
    if (Array.isArray(errors) && errors.length > 0 && errors.every((x) => unavailableReason(x)))
      return reason;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Answers 503 with Retry-After and the Swedish message; logs a warning (the reason, not a stack). */
export function replyDatabaseUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  err: unknown,
): FastifyReply {
  request.log.warn({ reason: unavailableReason(err) }, 'database unavailable');
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
}
