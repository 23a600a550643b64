import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPhotos, images } from '../db/schema';
import { heicWithGps, smallJpeg } from '../images/images.test-helpers';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { removeReportedPhoto } from './event-photos.service';
import { uploadPhoto } from './event-photos.test-helper';

const HOUR = 60 * 60 * 1000;

/** Trip photos are the member's data: in their export, and gone with their account (GDPR Art. 15, 17, 20). */
describe('trip photos and the member’s own data', () => {
  let t: TestContext;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestContext();
    const now = Date.now();
    eventId = (await buildEvent(t.db, { title: 'Resa till Båstad', startTime: new Date(now - HOUR) })).id;
  });
  afterAll(() => t.close());

  /** A participant with one uploaded photo. */
  async function memberWithPhoto(altText: string, bytes?: Buffer) {
    const user = await buildUser(t.db);
    await buildRegistration(t.db, { eventId, userId: user.id });
    const client = await t.as(user);
    const res = await uploadPhoto(
      client,
      eventId,
      { altText, consent: 'true' },
      bytes ?? (await smallJpeg()),
    );
    expect(res.statusCode).toBe(201);
    return { user, client, photo: res.json() as { id: string; imageId: string } };
  }

  it('puts the photos in the export: photos.json and the image file', async () => {
    const { client, photo } = await memberWithPhoto('Min bästa drive');
    const other = await memberWithPhoto('Någon annans bild');
    const res = await client.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toContain(`images/${photo.imageId}.jpg`);
    expect(Object.keys(files)).not.toContain(`images/${other.photo.imageId}.jpg`);
    const photos = JSON.parse(new TextDecoder().decode(files['photos.json']));
    expect(photos).toEqual([
      {
        id: photo.id,
        event: { id: eventId, title: 'Resa till Båstad', startTime: expect.any(String) },
        altText: 'Min bästa drive',
        uploadedAt: expect.any(String),
        file: `images/${photo.imageId}.jpg`,
      },
    ]);
  });

  it('exports a photo sent as HEIC as the JPEG the site keeps, the same bytes it serves, without EXIF', async () => {
    const { client, photo } = await memberWithPhoto('Mobilbild från tee 1', await heicWithGps());
    const files = unzipSync(new Uint8Array((await client.get('/api/me/export')).rawPayload));
    const file = files[`images/${photo.imageId}.jpg`];
    expect(file).toBeDefined();
    const served = (await client.get(`/api/images/${photo.imageId}/original`)).rawPayload;
    expect(Buffer.from(file).equals(served)).toBe(true);
    const meta = await sharp(Buffer.from(file)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(meta.exif).toBeUndefined();
    const photos = JSON.parse(new TextDecoder().decode(files['photos.json']));
    expect(photos).toMatchObject([{ id: photo.id, file: `images/${photo.imageId}.jpg` }]);
  });

  it('deletes the photos, their images and copies with the account; others’ photos stay', async () => {
    const { client, photo, user } = await memberWithPhoto('Bild som ska bort');
    const stays = await memberWithPhoto('Bild som ska finnas kvar');
    // A second photo of the member's that a moderator removed (hidden, still stored) goes too.
    const second = await uploadPhoto(
      client,
      eventId,
      { altText: 'Borttagen av moderator', consent: 'true' },
      await smallJpeg(),
    );
    expect(second.statusCode).toBe(201);
    const removedPhoto = second.json() as { id: string; imageId: string };
    await t.db.transaction((tx) => removeReportedPhoto(tx, removedPhoto.id, new Date()));
    const admin = await t.as(await buildAdmin(t.db));
    expect((await admin.get(`/api/images/${removedPhoto.imageId}/original`)).statusCode).toBe(404);
    expect(await t.db.select().from(eventPhotos).where(eq(eventPhotos.uploadedBy, user.id))).toHaveLength(2);
    expect((await client.get(`/api/images/${photo.imageId}/w/320.webp`)).statusCode).toBe(200);
    const res = await client.deleteWith('/api/me', { confirm: true });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(eventPhotos).where(eq(eventPhotos.uploadedBy, user.id))).toEqual([]);
    expect(await t.db.select({ id: images.id }).from(images).where(eq(images.id, photo.imageId))).toEqual([]);
    expect(
      await t.db.select({ id: images.id }).from(images).where(eq(images.id, removedPhoto.imageId)),
    ).toEqual([]);
    expect(await t.db.select({ id: images.id }).from(images).where(eq(images.uploadedBy, user.id))).toEqual(
      [],
    );
    expect((await stays.client.get(`/api/images/${photo.imageId}/original`)).statusCode).toBe(404);
    expect((await t.anon.get(`/api/images/${photo.imageId}/original`)).statusCode).toBe(404);
    const seen = (await stays.client.get(`/api/events/${eventId}/photos`)).json().photos as { id: string }[];
    expect(seen.map((p) => p.id)).toContain(stays.photo.id);
    expect(seen.map((p) => p.id)).not.toContain(photo.id);
  });
});
