// Brotli and gzip copies of the built client, made once at build time, so the server sends the
// smallest encoding the browser accepts (@fastify/static `preCompressed`) without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir` (at least MIN_BYTES, and
 * only where the copy is smaller). Answers how many files it compressed and their sizes before and after.
 */
export function precompress(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    if (br.length < data.length) writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.bytes += data.length;
    totals.brotli += Math.min(br.length, data.length);
    totals.gzip += Math.min(gz.length, data.length);
  }
  return totals;
}

/** A Vite plugin that precompresses the build output once it is written (every `vite build`). */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'singelgolf-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const t = precompress(outDir);
        const kb = (n) => `${Math.round(n / 1024)} kB`;
        this.info?.(
          `precompressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`,
        );
      },
    },
  };
}
