import { msg } from '@common/messages';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ValidationError } from '../errors';

/** One registered route as the catalog keeps it. */
export interface CatalogRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  config?: RouteOptions['config'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the safe defaults (method, url, zod schemas): what the fuzz tests walk. */
    routeCatalog: readonly CatalogRoute[];
  }
  interface FastifyContextConfig {
    /**
     * The answer is the same for every caller and holds nothing personal (public lists, calendar files):
     * the central `Cache-Control: no-store` of /api/ answers is not added.
     */
    publicCache?: boolean;
  }
}

const NUL = '\u0000';

/** Whether a JSON value (body, query, params) holds a NUL character in any string or key. Iterative: no depth limit. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes(NUL)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (isPlainObject(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes(NUL)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * A parsed object: JSON, or the query/params/form objects of Fastify's parsers (which are built on
 * their own prototypes); not an array, not raw bytes (a Buffer body).
 */
function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

interface ZodDefLike {
  type?: string;
  in?: ZodType;
  innerType?: ZodType;
  left?: ZodType;
  options?: ZodType[];
}

/** Whether a zod schema only accepts an object (so a null, array or scalar body is refused up front). */
export function expectsObject(schema: unknown): boolean {
  let current = schema as { _zod?: { def?: ZodDefLike } } | undefined;
  for (let depth = 0; depth < 20 && current; depth++) {
    const def = current._zod?.def;
    switch (def?.type) {
      case 'object':
      case 'record':
        return true;
      case 'pipe':
        current = def.in as typeof current;
        break;
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        current = def.innerType as typeof current;
        break;
      case 'intersection':
        current = def.left as typeof current;
        break;
      case 'union':
        return (def.options ?? []).every((o) => expectsObject(o));
      default:
        return false;
    }
  }
  return false;
}

/**
 * fastify-type-provider-zod's validator with two guards: a body whose schema is an object must be a JSON
 * object (`null`, an array or a scalar gets 400 before any refinement sees it), and a schema that throws
 * on odd input answers 400 instead of 500 (Fastify turns a throwing validator into an internal error).
 */
export const safeValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const objectOnly = route.httpPart === 'body' && expectsObject(route.schema);
  return (data: unknown) => {
    if (objectOnly && !isPlainObject(data)) return { error: new ValidationError(msg.jsonObjectExpected) };
    try {
      return validate(data);
    } catch {
      return { error: new ValidationError(msg.badInput) };
    }
  };
};

// PostgreSQL's "data exception" codes that only bad input causes: NUL or a character the encoding lacks,
// text that is no valid uuid/number/date, a number or time outside its column's range.
const BAD_INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008', '22009']);

/**
 * The 400 message for a database error that bad input caused (a value that slipped past the schemas),
 * or null for every other error. The error handler answers these with 400 instead of 500.
 */
export function badInputMessage(err: unknown): string | null {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && BAD_INPUT_SQLSTATES.has(e.code)) {
      return e.code === '22021' || e.code === '22P05' ? msg.nulCharacter : msg.badInput;
    }
  }
  return null;
}

/** The NUL answer: the issuer's pages are HTML forms, so they get text; everything else JSON {message}. */
function refuseNul(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.startsWith('/idp/')) {
    return reply
      .status(400)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(msg.nulCharacter);
  }
  return reply.status(400).send({ message: msg.nulCharacter });
}

/** Whether an answer to this request gets `Cache-Control: no-store` (unless it set a cache header itself). */
function isPrivateAnswer(request: FastifyRequest): boolean {
  const url = request.url;
  if (!(url.startsWith('/api/') || url === '/api')) return false;
  return request.routeOptions.config?.publicCache !== true;
}

/**
 * Safe defaults on every route: the route catalog, NUL characters refused with 400 (PostgreSQL cannot
 * store them) in body, query and params, and `Cache-Control: no-store` on API answers that are not
 * marked `publicCache`. Called on the root app before any route is registered.
 */
export function registerSafeDefaults(app: FastifyInstance): void {
  app.setValidatorCompiler(safeValidatorCompiler);

  const catalog: CatalogRoute[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      catalog.push({ method, url: route.url, schema: route.schema, config: route.config });
  });

  // Before validation, so no schema (and no handler reading the raw request) sees a NUL. A raw body
  // (Buffer: the Stripe webhook) and multipart streams are not parsed here; the error handler's
  // badInputMessage covers what reaches the database another way.
  // Callback-style hooks: every request passes them, without a promise each (issue 17).
  app.addHook('preValidation', (request, reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      // Answered here: done is not called.
      refuseNul(request, reply);
      return;
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isPrivateAnswer(request))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
