import { EVENT_PHOTO_ALT_MAX, EVENT_PHOTOS_PER_MEMBER } from '@common/limits';
import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventPhotos, images } from '../db/schema';
import { isHeic } from '../images/heic';
import { cleanUpUnusedImages } from '../images/images.jobs';
import { heicWithGps, multipart, smallJpeg, withHeicSize } from '../images/images.test-helpers';
import type { TestClient, TestContext } from '../test/test-app';
import {
  createPhotosContext,
  HOUR,
  hasGpsPointer,
  jpegWithGps,
  ok,
  type PhotosContext,
  uploadPhoto,
} from './event-photos.test-helper';

/** Trip photos (issue 30) as they come in: who may upload, what is checked, and what is stored. */
describe('trip photos: /api/events/{id}/photos', () => {
  // Filled in beforeAll (createPhotosContext says who is who).
  let t: TestContext, anna: UserRow, cia: UserRow;
  let a: TestClient, b: TestClient, c: TestClient, d: TestClient, e: TestClient, mod: TestClient;
  let started: number, upcoming: number, photoImage: PhotosContext['photoImage'];

  beforeAll(async () => {
    ({ t, anna, cia, a, b, c, d, e, mod, started, upcoming, photoImage } = await createPhotosContext());
  });
  afterAll(() => t.close());

  it('answers 401 to visitors and 404 for an unknown event', async () => {
    expect((await t.anon.get(`/api/events/${started}/photos`)).statusCode).toBe(401);
    expect((await uploadPhoto(t.anon, started, ok, await smallJpeg())).statusCode).toBe(401);
    expect((await t.anon.get('/api/me/photos')).statusCode).toBe(401);
    const res = await a.get('/api/events/999999/photos');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.eventNotFound);
    expect((await a.get('/api/events/abc/photos')).statusCode).toBe(400);
  });

  it('refuses members who do not take part (403) and uploads before the start (403)', async () => {
    for (const outsider of [d, e]) {
      const list = await outsider.get(`/api/events/${started}/photos`);
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(msg.photoForParticipants);
      const up = await uploadPhoto(outsider, started, ok, await smallJpeg());
      expect(up.statusCode).toBe(403);
      expect(up.json().message).toBe(msg.photoForParticipants);
    }
    const early = await uploadPhoto(a, upcoming, ok, await smallJpeg());
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(msg.photoBeforeStart);
    // Admins see every event's photos but add none to an event they do not take part in.
    expect((await mod.get(`/api/events/${started}/photos`)).statusCode).toBe(200);
    expect((await uploadPhoto(mod, started, ok, await smallJpeg())).statusCode).toBe(403);
    expect(await t.db.select().from(eventPhotos)).toHaveLength(0);
  });

  it('validates the alt text and the consent with Swedish messages', async () => {
    const jpeg = await smallJpeg();
    const cases: [Record<string, string>, string][] = [
      [{ consent: 'true' }, msg.photoAltRequired],
      [{ altText: '   ', consent: 'true' }, msg.photoAltRequired],
      [{ altText: 'Bild\u0000', consent: 'true' }, msg.photoAltRequired],
      [{ altText: 'x'.repeat(EVENT_PHOTO_ALT_MAX + 1), consent: 'true' }, msg.photoAltTooLong],
      [{ altText: 'Utslag på hål 1' }, msg.photoConsentRequired],
      [{ altText: 'Utslag på hål 1', consent: 'false' }, msg.photoConsentRequired],
    ];
    for (const [fields, message] of cases) {
      const res = await uploadPhoto(a, started, fields, jpeg);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const noFile = await uploadPhoto(a, started, ok);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(msg.imageMissing);
    const notImage = await uploadPhoto(a, started, ok, Buffer.from('%PDF-1.4 not a photo'));
    expect(notImage.statusCode).toBe(400);
    const json = await a.post(`/api/events/${started}/photos`, ok);
    expect(json.statusCode).toBe(400);
    expect(await t.db.select().from(eventPhotos)).toHaveLength(0);
  });

  it('stores a participant’s photo and lists it with variants, alt text, uploader and mine', async () => {
    const altText = `  Cia  sänker  putten på 18  `;
    const res = await uploadPhoto(c, started, { altText, consent: 'true' }, await smallJpeg());
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({
      eventId: started,
      altText: 'Cia sänker putten på 18',
      mine: true,
      uploader: { id: cia.id, name: 'Cia Berg' },
      abilities: { canDelete: true, canReport: false },
      url: `/api/images/${photo.imageId}/original`,
    });
    // A 40 px photo has only the narrowest copy, in both formats.
    expect(photo.variants).toEqual([
      { format: 'avif', width: 320, url: `/api/images/${photo.imageId}/w/320.avif` },
      { format: 'webp', width: 320, url: `/api/images/${photo.imageId}/w/320.webp` },
    ]);
    const [row] = await t.db.select().from(eventPhotos).where(eq(eventPhotos.id, photo.id));
    expect(row.consentAt).toBeInstanceOf(Date);
    const [img] = await t.db.select().from(images).where(eq(images.id, photo.imageId));
    expect(img).toMatchObject({ entityType: 'event_photo', entityId: String(started), uploadedBy: cia.id });

    const seenByBo = (await b.get(`/api/events/${started}/photos`)).json();
    const mine = seenByBo.photos.find((p: { id: string }) => p.id === photo.id);
    expect(mine).toMatchObject({ mine: false, abilities: { canDelete: false, canReport: true } });
    expect(seenByBo).toMatchObject({ canUpload: true, myCount: 0, limit: EVENT_PHOTOS_PER_MEMBER });
    // The variants are served.
    const avif = await b.get(`/api/images/${photo.imageId}/w/320.avif`);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
  });

  it('strips EXIF and GPS: none in the original, the thumbnail or any copy', async () => {
    const input = await jpegWithGps();
    const inMeta = await sharp(input).metadata();
    expect(hasGpsPointer(inMeta.exif)).toBe(true); // the test's photo does carry a position
    const res = await uploadPhoto(b, started, { altText: 'Solnedgång över green', consent: 'true' }, input);
    expect(res.statusCode).toBe(201);
    const photo = res.json() as { imageId: string; variants: { url: string }[]; width: number };
    expect(photo.variants.map((v) => v.url)).toEqual(
      expect.arrayContaining([
        `/api/images/${photo.imageId}/w/960.webp`,
        `/api/images/${photo.imageId}/w/960.avif`,
      ]),
    );
    const urls = [
      `/api/images/${photo.imageId}/original`,
      `/api/images/${photo.imageId}/thumbnail`,
      ...photo.variants.map((v) => v.url),
    ];
    for (const url of urls) {
      const out = await b.get(url);
      expect(out.statusCode, url).toBe(200);
      const meta = await sharp(out.rawPayload).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(out.rawPayload.includes(Buffer.from('GolfKamera')), url).toBe(false);
    }
  });

  it('takes an iPhone’s HEIC (decided by its bytes, not its name): re-encoded to JPEG, AVIF/WebP copies, no EXIF or GPS', async () => {
    const input = await heicWithGps();
    expect(isHeic(input)).toBe(true);
    expect(hasGpsPointer(input)).toBe(true); // the test's HEIC does carry a position …
    expect(input.includes(Buffer.from('GolfKamera'))).toBe(true); // … and a camera make
    // Sent as a browser on Windows sends a .heic it has no type for.
    const m = multipart(
      { altText: 'Utslag från tee 7', consent: 'true' },
      { data: input, name: 'IMG_0042.HEIC', type: 'application/octet-stream' },
    );
    const res = await b.post(`/api/events/${started}/photos`, m.body, m.headers);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as {
      imageId: string;
      width: number;
      height: number;
      variants: { url: string }[];
    };
    expect(photo).toMatchObject({ width: 320, height: 240 });
    const [img] = await t.db.select().from(images).where(eq(images.id, photo.imageId));
    expect(img).toMatchObject({ mimeType: 'image/jpeg', entityType: 'event_photo', width: 320, height: 240 });
    const expected: Record<string, [string, string]> = {
      [`/api/images/${photo.imageId}/original`]: ['image/jpeg', 'jpeg'],
      [`/api/images/${photo.imageId}/thumbnail`]: ['image/jpeg', 'jpeg'],
      [`/api/images/${photo.imageId}/w/320.avif`]: ['image/avif', 'heif'],
      [`/api/images/${photo.imageId}/w/320.webp`]: ['image/webp', 'webp'],
    };
    expect(photo.variants.map((v) => v.url).sort()).toEqual(Object.keys(expected).slice(2).sort());
    for (const [url, [type, format]] of Object.entries(expected)) {
      const out = await b.get(url);
      expect(out.statusCode, url).toBe(200);
      expect(out.headers['content-type'], url).toBe(type);
      const meta = await sharp(out.rawPayload).metadata();
      expect(meta.format, url).toBe(format);
      expect(meta.width, url).toBe(320);
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(hasGpsPointer(out.rawPayload), url).toBe(false);
      expect(out.rawPayload.includes(Buffer.from('GolfKamera')), url).toBe(false);
    }
    // The pixels are the photo's, not a blank: the left edge is dark, the right edge red (the fixture's gradient).
    const { data, info } = await sharp((await b.get(`/api/images/${photo.imageId}/original`)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const red = (x: number) => data[(120 * info.width + x) * info.channels];
    expect(red(2)).toBeLessThan(40);
    expect(red(317)).toBeGreaterThan(200);
  });

  it('answers a broken or oversized HEIC with 400 and a Swedish message, never a 500', async () => {
    const good = await heicWithGps();
    const mdat = good.indexOf('mdat') + 4;
    const cases: [string, Buffer, string][] = [
      ['only the header', Buffer.concat([good.subarray(0, 40), Buffer.alloc(200)]), msg.imageInvalid],
      ['cut short', good.subarray(0, Math.floor(good.length / 2)), msg.imageInvalid],
      [
        'HEVC data zeroed',
        Buffer.concat([good.subarray(0, mdat), Buffer.alloc(good.length - mdat)]),
        msg.imageInvalid,
      ],
      // Refused from the container's stated size, before any pixel is decoded.
      ['claims 10000×5000 px', withHeicSize(good, 10_000, 5_000), msg.imageTooManyPixels],
    ];
    const before = (await t.db.select().from(images)).length;
    for (const [name, bytes, message] of cases) {
      expect(isHeic(bytes), name).toBe(true);
      const res = await uploadPhoto(b, started, ok, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(message);
    }
    expect((await t.db.select().from(images)).length).toBe(before);
  });

  it(`holds each member to ${EVENT_PHOTOS_PER_MEMBER} photos per event`, async () => {
    const have = (await a.get(`/api/events/${started}/photos`)).json().myCount as number;
    for (let i = have; i < EVENT_PHOTOS_PER_MEMBER; i++) {
      const img = await photoImage(anna.id);
      await t.db.insert(eventPhotos).values({
        eventId: started,
        imageId: img.id,
        uploadedBy: anna.id,
        altText: `Bild ${i}`,
        consentAt: new Date(),
      });
    }
    const full = await uploadPhoto(a, started, ok, await smallJpeg());
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(msg.photoLimit);
    expect((await a.get(`/api/events/${started}/photos`)).json()).toMatchObject({
      canUpload: false,
      myCount: EVENT_PHOTOS_PER_MEMBER,
    });
  });

  it('the clean-up of unused images keeps photos’ images and deletes a photo image without its photo', async () => {
    const kept = (await t.db.select({ imageId: eventPhotos.imageId }).from(eventPhotos)).map(
      (r) => r.imageId,
    );
    const orphan = await photoImage(anna.id);
    await cleanUpUnusedImages(t.db, { now: new Date(Date.now() + 48 * HOUR) });
    const left = (await t.db.select({ id: images.id }).from(images)).map((r) => r.id);
    expect(left).toEqual(expect.arrayContaining(kept));
    expect(left).not.toContain(orphan.id);
  });
});
