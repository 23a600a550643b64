import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { msg } from '@common/messages';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const clientDist = fileURLToPath(new URL('../../dist/client', import.meta.url));

/**
 * Serves the built client: hashed assets cached for a year, index.html for
 * every other page path (the client router decides), JSON 404 for unknown API paths.
 * Text files go out as the brotli or gzip copy the build made (scripts/precompress.mjs),
 * whichever the browser accepts, with `Vary: Accept-Encoding`.
 */
export async function registerStaticClient(app: FastifyInstance, root = clientDist): Promise<void> {
  const hasBuild = existsSync(`${root}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/idp/') || path === '/ws';
    // HEAD as GET (the same headers, no body), as for every other route.
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      hasBuild &&
      !/\.[a-z0-9]+$/i.test(path)
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: msg.notFound });
  });
}
