import { IMAGE_WIDTHS } from '@common/limits';
import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { images, imageVariants } from '../db/schema';
import { buildAdmin, buildEvent, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { cleanUpUnusedImages } from './images.jobs';
import { VARIANT_MAX_IN_QUEUE } from './images.service';
import { uploadImage } from './images.test-helpers';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const DAY = 24 * 60 * 60 * 1000;

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f7d32' } })
    .jpeg()
    .toBuffer();

/** A two-frame animated GIF, 200×100. */
async function animatedGif(): Promise<Buffer> {
  const frame = (color: string) =>
    sharp({ create: { width: 200, height: 100, channels: 3, background: color } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame('#ff0000'), await frame('#0000ff')]);
  return sharp(frames, { raw: { width: 200, height: 200, channels: 3, pageHeight: 100 } as never })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

describe('resized AVIF/WebP copies: GET /api/images/{id}/w/{width}.{format}', () => {
  let t: TestContext;
  let admin: UserRow;
  let member: UserRow;
  let asAdmin: TestClient;
  let asMember: TestClient;
  /** An attached 1200×800 event image. */
  let eventImageId: string;

  const variantRows = (imageId: string) =>
    t.db
      .select({ width: imageVariants.width, format: imageVariants.format, mimeType: imageVariants.mimeType })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, imageId));

  async function uploadEventImage(data: Buffer): Promise<string> {
    const event = await buildEvent(t.db);
    const res = await uploadImage(asAdmin, { entityType: 'event', entityId: String(event.id) }, data);
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    member = await buildUser(t.db);
    asAdmin = await t.as(admin);
    asMember = await t.as(member);
    eventImageId = await uploadEventImage(await photo(1200, 800));
  });
  afterAll(() => t?.close());

  it('serves a WebP and an AVIF copy of the requested width with the public cache and an ETag', async () => {
    for (const [format, type] of [
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ] as const) {
      const res = await t.anon.get(`/api/images/${eventImageId}/w/640.${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
      expect(res.headers.etag).toBe(`"${eventImageId}-w640.${format}"`);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
      expect(meta.width).toBe(640);
      expect(meta.height).toBe(427);
    }
  });

  it('never upscales: a width above the image gives its own width, stored once for every such request', async () => {
    const res = await t.anon.get(`/api/images/${eventImageId}/w/1280.webp`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
    expect(res.headers.etag).toBe(`"${eventImageId}-w1200.webp"`);

    const small = await uploadEventImage(await photo(500, 250));
    for (const width of [640, 960, 1280]) {
      const r = await t.anon.get(`/api/images/${small}/w/${width}.avif`);
      expect(r.statusCode).toBe(200);
      expect((await sharp(r.rawPayload).metadata()).width).toBe(500);
    }
    expect(await variantRows(small)).toEqual([{ width: 500, format: 'avif', mimeType: 'image/avif' }]);
  });

  it('makes a copy once: the second request is served from image_variants', async () => {
    const id = await uploadEventImage(await photo(900, 600));
    const first = await t.anon.get(`/api/images/${id}/w/320.webp`);
    expect(first.statusCode).toBe(200);
    expect(await variantRows(id)).toEqual([{ width: 320, format: 'webp', mimeType: 'image/webp' }]);
    const second = await t.anon.get(`/api/images/${id}/w/320.webp`);
    expect(second.statusCode).toBe(200);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(await variantRows(id)).toHaveLength(1);

    // What is served is the stored row, not a new copy.
    const marker = await sharp({ create: { width: 320, height: 10, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await t.db
      .update(imageVariants)
      .set({ data: marker })
      .where(and(eq(imageVariants.imageId, id), eq(imageVariants.width, 320)));
    const third = await t.anon.get(`/api/images/${id}/w/320.webp`);
    expect(Buffer.compare(third.rawPayload, marker)).toBe(0);
  });

  it('answers concurrent first requests alike, with one stored row', async () => {
    const id = await uploadEventImage(await photo(1000, 500));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.anon.get(`/api/images/${id}/w/960.avif`)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(Buffer.compare(res.rawPayload, answers[0].rawPayload)).toBe(0);
    }
    expect(await variantRows(id)).toHaveLength(1);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.anon.get(`/api/images/${eventImageId}/w/960.webp`);
    const etag = String(first.headers.etag);
    const again = await t.anon.get(`/api/images/${eventImageId}/w/960.webp`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another width's ETag is not a match.
    const other = await t.anon.get(`/api/images/${eventImageId}/w/320.webp`, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect((await sharp(other.rawPayload).metadata()).width).toBe(320);
  });

  it('answers 400 with the Swedish message for a width or format not offered, 404 for an unknown image', async () => {
    const badWidth = await t.anon.get(`/api/images/${eventImageId}/w/500.webp`);
    expect(badWidth.statusCode).toBe(400);
    expect(badWidth.json().message).toBe(msg.imageWidthInvalid);
    const notNumber = await t.anon.get(`/api/images/${eventImageId}/w/abc.webp`);
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().message).toBe(msg.imageWidthInvalid);
    const badFormat = await t.anon.get(`/api/images/${eventImageId}/w/640.png`);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().message).toBe(msg.imageFormatInvalid);
    const badId = await t.anon.get('/api/images/abc/w/640.webp');
    expect(badId.statusCode).toBe(400);

    const unknown = await t.anon.get('/api/images/7f0c8a52-9a55-4f7e-9b6a-000000000000/w/640.webp');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(msg.imageNotFound);
  });

  it('shows a pending image only to its uploader, uncached by others', async () => {
    const up = await uploadImage(
      asMember,
      { entityType: 'profile', entityId: 'pending' },
      await photo(800, 800),
    );
    expect(up.statusCode).toBe(201);
    const url = `/api/images/${up.json().id}/w/320.webp`;
    expect((await t.anon.get(url)).statusCode).toBe(404);
    const other = await t.as(await buildUser(t.db));
    const refused = await other.get(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(msg.imageNotFound);
    const own = await asMember.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');
    // Also once the copy is stored.
    expect((await t.anon.get(url)).statusCode).toBe(404);
  });

  it('keeps an animated GIF animated, as WebP for both formats', async () => {
    const id = await uploadEventImage(await animatedGif());
    for (const format of ['webp', 'avif']) {
      const res = await t.anon.get(`/api/images/${id}/w/320.${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload, { animated: true }).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.pages).toBe(2);
      expect(meta.width).toBe(200);
    }
  });

  it('serves the original by an uncached redirect while too many copies are being made', async () => {
    const ids = [];
    for (const size of [600, 610, 620]) ids.push(await uploadEventImage(await photo(size * 2, size)));
    const urls = ids.flatMap((id) =>
      IMAGE_WIDTHS.flatMap((w) => ['avif', 'webp'].map((f) => `/api/images/${id}/w/${w}.${f}`)),
    );
    expect(urls.length).toBeGreaterThan(VARIANT_MAX_IN_QUEUE);
    const answers = await Promise.all(urls.map((url) => t.anon.get(url)));
    const redirected = answers.filter((r) => r.statusCode === 307);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 307)).toBe(true);
    expect(redirected.length).toBeGreaterThan(0);
    for (const r of redirected) {
      expect(r.headers.location).toMatch(/^\/api\/images\/[0-9a-f-]+\/original$/);
      expect(r.headers['cache-control']).toBe('no-store');
    }
    // Asked again when it is quiet, every copy is made.
    for (const url of urls.filter((_, i) => answers[i].statusCode === 307).slice(0, 3)) {
      expect((await t.anon.get(url)).statusCode).toBe(200);
    }
  });

  it('documents the route in the OpenAPI document', async () => {
    const paths = Object.keys((await t.anon.get('/api/docs/json')).json().paths);
    expect(paths).toContain('/api/images/{id}/w/{width}.{format}');
  });

  it('deletes the copies with their image (the clean-up of unused images)', async () => {
    const up = await uploadImage(
      asMember,
      { entityType: 'profile', entityId: 'pending' },
      await photo(700, 700),
    );
    const id = up.json().id;
    expect((await asMember.get(`/api/images/${id}/w/640.avif`)).statusCode).toBe(200);
    expect(await variantRows(id)).toHaveLength(1);
    expect(await cleanUpUnusedImages(t.db, { now: new Date(Date.now() + 2 * DAY) })).toBeGreaterThan(0);
    expect(await t.db.select({ id: images.id }).from(images).where(eq(images.id, id))).toEqual([]);
    expect(await variantRows(id)).toEqual([]);
    expect((await asMember.get(`/api/images/${id}/w/640.avif`)).statusCode).toBe(404);
  });
});
