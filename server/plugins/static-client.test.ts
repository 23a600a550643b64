import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { registerStaticClient } from './static-client';

/** Precompressed assets (issue 17): the build's .br/.gz copies, sent by what the browser accepts. */
describe('static client', () => {
  let dir: string;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify('Singelgolf '.repeat(400))});\n`;
  const html = `<!doctype html><html lang="sv"><head><title>Singelgolf</title></head><body>${'<p>golf</p>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sg-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), html);
    writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny-1.js'), 'x=1');
    const totals = precompress(dir);
    expect(totals.files).toBe(2);
    expect(totals.brotli).toBeLessThan(totals.bytes / 5);
    app = Fastify();
    await registerStaticClient(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli when accepted, else gzip, else the file itself, always varying on Accept-Encoding', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('compresses index.html for every page path, and leaves tiny files alone', async () => {
    const page = await get('/events/12', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    const tiny = await get('/assets/tiny-1.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('x=1');
  });
});
