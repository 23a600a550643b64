import { msg } from '@common/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../errors';
import { isDatabaseUnavailable, replyDatabaseUnavailable } from './database-outage';
import { badInputMessage } from './safe-defaults';
import { setSwedishZodMessages } from './zod-swedish';

/** Maps every error to the right status and a JSON {message} (and the extra fields a domain error carries). */
export function registerErrorHandler(app: FastifyInstance): void {
  setSwedishZodMessages();
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // zod's own messages are Swedish and name the field (zod-swedish.ts); ours are the spec's texts.
      return reply.status(400).send({
        message: err.validation[0].message ?? msg.validationFailed,
        errors: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (err instanceof DomainError) {
      // A limit that says when to come back (429, 503): Retry-After with it.
      const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number' && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(Math.ceil(retryAfter)));
      }
      return reply.status(err.status).send({ message: err.message, ...err.extra });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: msg.serverError });
    }
    if (isDatabaseUnavailable(err)) return replyDatabaseUnavailable(request, reply, err);
    // A value the schemas let through that the database refuses (NUL, out of range): the caller's input, 400.
    const badInput = badInputMessage(err);
    if (badInput) {
      request.log.warn({ err }, 'bad input reached the database');
      return reply.status(400).send({ message: badInput });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: msg.tooManyRequests });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: err.message || 'Ogiltig begäran' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: msg.serverError });
  });
}
