import { randomBytes } from 'node:crypto';
import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { images } from '../db/schema';
import { buildAdmin, buildEvent, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { heicWithGps, multipart, uploadImage } from './images.test-helpers';

const jpegWithGps = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f7d32' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Fotograf' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 0/1' },
    })
    .toBuffer();

describe('images', () => {
  let t: TestContext;
  let admin: UserRow;
  let member: UserRow;
  let asAdmin: TestClient;
  let asMember: TestClient;
  const count = async () => (await t.db.select({ id: images.id }).from(images)).length;
  const upload = uploadImage;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    member = await buildUser(t.db);
    asAdmin = await t.as(admin);
    asMember = await t.as(member);
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor and 403 to a member uploading an event image', async () => {
    const data = await jpegWithGps();
    expect((await upload(t.anon, { entityType: 'event', entityId: 'pending' }, data)).statusCode).toBe(401);
    expect((await upload(asMember, { entityType: 'event', entityId: 'pending' }, data)).statusCode).toBe(403);
    expect((await upload(asMember, { entityType: 'profile', entityId: admin.id }, data)).statusCode).toBe(
      403,
    );
    expect(await count()).toBe(0);
  });

  it('re-encodes without EXIF or GPS, makes a thumbnail and serves both with cache headers', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const event = await buildEvent(t.db);
    const res = await upload(asAdmin, { entityType: 'event', entityId: String(event.id) }, input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      mimeType: 'image/jpeg',
      width: 1200,
      height: 800,
      entityId: String(event.id),
    });

    const original = await t.anon.get(`/api/images/${body.id}/original`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1200);

    const thumb = await t.anon.get(`/api/images/${body.id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);

    const etag = String(original.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await t.anon.get(`/api/images/${body.id}/original`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('decides the type from the bytes: png, gif and webp are kept, a misnamed file too', async () => {
    for (const [fmt, mime] of [
      ['png', 'image/png'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
    ] as const) {
      const data = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#fff' } })
        .toFormat(fmt)
        .toBuffer();
      const m = multipart(
        { entityType: 'profile', entityId: member.id },
        { data, name: 'x.jpg', type: 'image/jpeg' },
      );
      const res = await asMember.post('/api/images/upload', m.body, m.headers);
      expect(res.statusCode).toBe(201);
      expect(res.json().mimeType).toBe(mime);
    }
  });

  it('takes a HEIC profile picture: decoded, stored as a JPEG without EXIF or GPS', async () => {
    const input = await heicWithGps();
    const m = multipart(
      { entityType: 'profile', entityId: member.id },
      { data: input, name: 'IMG_0001.HEIC', type: 'image/heic' },
    );
    const res = await asMember.post('/api/images/upload', m.body, m.headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'image/jpeg', width: 320, height: 240 });
    const original = await t.anon.get(`/api/images/${res.json().id}/original`);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(meta.exif).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from('GolfKamera'))).toBe(false);
  });

  it('refuses a file that is not an image, a truncated image, a bomb and an unsupported type with 4xx', async () => {
    const before = await count();
    const notImage = await upload(
      asMember,
      { entityType: 'profile', entityId: 'pending' },
      Buffer.from('<svg/>'),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(msg.imageInvalid);

    const whole = await jpegWithGps();
    const truncated = await upload(
      asMember,
      { entityType: 'profile', entityId: 'pending' },
      whole.subarray(0, 2000),
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe(msg.imageInvalid);

    const bomb = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const big = await upload(asMember, { entityType: 'profile', entityId: 'pending' }, bomb);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(msg.imageTooManyPixels);

    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const wrong = await upload(asMember, { entityType: 'profile', entityId: 'pending' }, tiff);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(msg.imageWrongType);
    expect(await count()).toBe(before);
  });

  it('refuses a file over 3 MB with the spec message', async () => {
    const before = await count();
    const res = await upload(
      asMember,
      { entityType: 'profile', entityId: 'pending' },
      randomBytes(3 * 1024 * 1024 + 10),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Bildfilen får inte vara större än 3MB');
    expect(await count()).toBe(before);
  });

  it('refuses missing fields, a missing file and a non-multipart body', async () => {
    const data = await jpegWithGps();
    const noType = await upload(asMember, { entityId: 'pending' }, data);
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toBe('Ogiltig bildtyp (event eller profile)');
    const noFile = await upload(asMember, { entityType: 'profile', entityId: 'pending' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(msg.imageMissing);
    const json = await asMember.post('/api/images/upload', { image: 'x' });
    expect(json.statusCode).toBe(400);
    const badEvent = await upload(asAdmin, { entityType: 'event', entityId: '999999' }, data);
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().message).toBe(msg.imageEntityInvalid);
  });

  it('PATCH /api/images/{id}/entity links a pending event image to its event (admins)', async () => {
    const up = (
      await upload(asAdmin, { entityType: 'event', entityId: 'pending' }, await jpegWithGps())
    ).json();
    const e = await buildEvent(t.db);
    const url = `/api/images/${up.id}/entity`;
    expect((await t.anon.patch(url, { entityId: String(e.id) })).statusCode).toBe(401);
    // A member does not see an admin's pending upload: it does not exist for them (404, as an unknown id).
    const unseen = await asMember.patch(url, { entityId: String(e.id) });
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual({ message: msg.imageNotFound });
    expect((await asAdmin.patch(url, { entityId: 'nope' })).statusCode).toBe(400);
    expect((await asAdmin.patch('/api/images/not-a-uuid/entity', { entityId: '1' })).statusCode).toBe(400);
    const res = await asAdmin.patch(url, { entityId: String(e.id) });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(images).where(eq(images.id, up.id));
    expect(row.entityId).toBe(String(e.id));
    // Linked, the image is public: a member sees it, and may still not link an event's image (403).
    expect((await asMember.patch(url, { entityId: String(e.id) })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown image and 400 for a bad id', async () => {
    expect((await t.anon.get('/api/images/7f0c8a52-9a55-4f7e-9b6a-000000000000/original')).statusCode).toBe(
      404,
    );
    expect((await t.anon.get('/api/images/abc/thumbnail')).statusCode).toBe(400);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const res = await t.anon.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/images/upload',
        '/api/events/{id}/register',
        '/api/events/{id}/calendar.ics',
        '/api/users/{userId}/registrations',
      ]),
    );
  });
});
