import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { eventPhotos, images } from '../db/schema';
import { smallJpeg } from '../images/images.test-helpers';
import type { TestClient, TestContext } from '../test/test-app';
import { createPhotosContext, type PhotosContext, uploadPhoto } from './event-photos.test-helper';

/** Trip photos (issue 30) once stored: who sees them and their images, blocks, reports, deletion, counts. */
describe('trip photos: /api/events/{id}/photos', () => {
  // Filled in beforeAll (createPhotosContext says who is who).
  let t: TestContext, anna: UserRow, bo: UserRow;
  let a: TestClient, b: TestClient, c: TestClient, d: TestClient, e: TestClient, mod: TestClient;
  let started: number, upcoming: number;
  let annaUploads: PhotosContext['annaUploads'];
  let photoImage: PhotosContext['photoImage'];
  let listIds: PhotosContext['listIds'];

  beforeAll(async () => {
    ({ t, anna, bo, a, b, c, d, e, mod, started, upcoming, annaUploads, photoImage, listIds } =
      await createPhotosContext());
    // Bo has a photo too: the block test needs one of his (in the one file these tests came from, his
    // EXIF and HEIC uploads were it).
    expect(
      (await uploadPhoto(b, started, { altText: 'Bo på första tee', consent: 'true' }, await smallJpeg()))
        .statusCode,
    ).toBe(201);
  });
  afterAll(() => t.close());

  it('serves a photo’s image only to whoever sees the photo, privately: 404 to visitors, outsiders, a blocked member and its reporter', async () => {
    const photo = await annaUploads('Anna på green 9');
    const base = `/api/images/${photo.imageId}`;
    const urls = [`${base}/original`, `${base}/thumbnail`, `${base}/w/320.webp`, `${base}/w/320.avif`];
    const expectSees = async (client: TestClient, who: string) => {
      for (const url of urls) {
        const res = await client.get(url);
        expect(res.statusCode, `${who} ${url}`).toBe(200);
        // Never a shared cache, and asked again each time so that a block or a report counts at once.
        expect(res.headers['cache-control'], url).toBe('private, no-cache');
      }
    };
    const expectHidden = async (client: TestClient, who: string) => {
      for (const url of urls) {
        const res = await client.get(url);
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(res.json().message).toBe(msg.imageNotFound); // as if there were no such image
      }
    };
    await expectSees(a, 'the uploader');
    await expectSees(b, 'a registered participant');
    await expectSees(c, 'a checked-in participant');
    await expectSees(mod, 'an admin');
    await expectHidden(t.anon, 'a visitor');
    await expectHidden(d, 'a member outside the event');
    await expectHidden(e, 'the waitlist');
    const etag = String((await b.get(urls[0])).headers.etag);
    expect((await b.get(urls[0], { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await d.get(urls[0], { 'if-none-match': etag })).statusCode).toBe(404); // no 304 to an outsider

    // A block, either way, hides it from the other at once (the browser's revalidation too).
    for (const [blocker, blockedId] of [
      [b, anna.id], // Bo blocks the uploader
      [a, bo.id], // the uploader blocks Bo
    ] as const) {
      await blocker.post('/api/blocks', { userId: blockedId });
      try {
        await expectHidden(b, 'a member a block separates from the uploader');
        expect((await b.get(urls[0], { 'if-none-match': etag })).statusCode).toBe(404);
        await expectSees(a, 'the uploader, despite the block');
      } finally {
        await blocker.delete(`/api/blocks/${blockedId}`);
      }
    }
    await expectSees(b, 'a participant once the block is lifted');

    // Its reporter no longer sees it; the others and the moderators (the queue) still do.
    const report = await c.post('/api/reports', { targetType: 'photo', targetId: photo.id, reason: 'spam' });
    expect(report.statusCode).toBe(201);
    await expectHidden(c, 'the reporter');
    await expectSees(b, 'another participant');
    await expectSees(mod, 'an admin, for the queue');

    // A trip photo's image without a photo row (before the clean-up takes it) is served to nobody.
    const orphan = await photoImage(anna.id);
    for (const client of [a, b, mod])
      expect((await client.get(`/api/images/${orphan.id}/original`)).statusCode).toBe(404);
  });

  it('answers PATCH /api/images/{id}/entity for a photo’s image as for no image to whoever does not see the photo', async () => {
    const photo = await annaUploads('Anna vid flaggan');
    const link = (client: TestClient, imageId: string) =>
      client.patch(`/api/images/${imageId}/entity`, { entityId: String(started) });
    const unknown = await link(d, '7f0c8a52-9a55-4f7e-9b6a-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: msg.imageNotFound });
    // Outsiders and the waitlist cannot tell the photo's image id from an id that does not exist.
    for (const [client, who] of [
      [d, 'a member outside the event'],
      [e, 'the waitlist'],
    ] as const) {
      const res = await link(client, photo.imageId);
      expect({ status: res.statusCode, body: res.json() }, who).toEqual({
        status: unknown.statusCode,
        body: unknown.json(),
      });
    }
    // Who sees the photo learns nothing from a refusal: a trip photo is not an image to link (403).
    expect((await link(b, photo.imageId)).statusCode).toBe(403);
    expect((await link(a, photo.imageId)).statusCode).toBe(403);
    const [row] = await t.db.select().from(images).where(eq(images.id, photo.imageId));
    expect(row).toMatchObject({ entityType: 'event_photo', entityId: String(started) });
  });

  it('never lists photos across a block, either way (admins see all)', async () => {
    const annas = await annaUploads('Anna på rangen');
    await a.post('/api/blocks', { userId: bo.id });
    try {
      expect(await listIds(b)).not.toContain(annas.id); // blocked by Anna
      const bosPhotos = (await t.db.select().from(eventPhotos).where(eq(eventPhotos.uploadedBy, bo.id))).map(
        (p) => p.id,
      );
      expect(bosPhotos.length).toBeGreaterThan(0);
      const seenByAnna = await listIds(a);
      for (const id of bosPhotos) expect(seenByAnna).not.toContain(id); // Anna blocked Bo
      expect(await listIds(c)).toEqual(expect.arrayContaining([annas.id, ...bosPhotos]));
      expect(await listIds(mod)).toEqual(expect.arrayContaining([annas.id, ...bosPhotos]));
      // Bo cannot report what he cannot see.
      const report = await b.post('/api/reports', {
        targetType: 'photo',
        targetId: annas.id,
        reason: 'spam',
      });
      expect(report.statusCode).toBe(404);
    } finally {
      await a.delete(`/api/blocks/${bo.id}`);
    }
    expect(await listIds(b)).toContain(annas.id);
  });

  it('hides a reported photo from its reporter at once; an admin’s removal hides it for all', async () => {
    const photo = await annaUploads('Anna och Bo vid klubbhuset');
    const countBefore = (await t.anon.get(`/api/events/${started}`)).json().photoCount;
    expect(
      (await d.post('/api/reports', { targetType: 'photo', targetId: photo.id, reason: 'inappropriate' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await a.post('/api/reports', { targetType: 'photo', targetId: photo.id, reason: 'spam' })).json()
        .message,
    ).toBe(msg.reportSelf);
    const report = await c.post('/api/reports', {
      targetType: 'photo',
      targetId: photo.id,
      reason: 'inappropriate',
    });
    expect(report.statusCode).toBe(201);
    expect(await listIds(c)).not.toContain(photo.id);
    expect(await listIds(b)).toContain(photo.id);
    expect(await listIds(a)).toContain(photo.id);

    const queue = (await mod.get('/api/admin/reports?status=open')).json();
    const item = queue.items.find((r: { targetId: string }) => r.targetId === photo.id);
    expect(item).toMatchObject({
      targetType: 'photo',
      snapshot: { imageId: photo.imageId, text: 'Anna och Bo vid klubbhuset' },
    });
    const decision = await mod.post(`/api/admin/reports/${item.id}/decision`, {
      action: 'remove_content',
      statement: 'Bilden visade en medlem som inte hade godkänt den.',
    });
    expect(decision.statusCode).toBe(204);
    for (const client of [a, b, c, mod]) expect(await listIds(client)).not.toContain(photo.id);
    const decided = (await mod.get('/api/admin/reports?status=decided')).json();
    expect(decided.items.find((r: { id: number }) => r.id === item.id)).toMatchObject({
      contentRemoved: true,
    });
    expect((await b.get(`/api/images/${photo.imageId}/original`)).statusCode).toBe(404);
    expect((await t.anon.get(`/api/events/${started}`)).json().photoCount).toBe(countBefore - 1);
    expect((await a.get('/api/me/photos')).json().map((p: { id: string }) => p.id)).not.toContain(photo.id);
  });

  it('lets only the uploader (and admins) delete a photo, with its image and copies', async () => {
    const photo = await annaUploads('Anna med pokalen');
    expect((await b.get(`/api/images/${photo.imageId}/w/320.webp`)).statusCode).toBe(200);
    const refused = await b.delete(`/api/events/${started}/photos/${photo.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(msg.photoNotYours);
    expect((await a.delete(`/api/events/${upcoming}/photos/${photo.id}`)).statusCode).toBe(404);
    expect((await a.delete(`/api/events/${started}/photos/not-a-uuid`)).statusCode).toBe(400);
    expect((await a.delete(`/api/events/${started}/photos/${photo.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(eventPhotos).where(eq(eventPhotos.id, photo.id))).toHaveLength(0);
    expect(await t.db.select().from(images).where(eq(images.id, photo.imageId))).toHaveLength(0);
    expect((await b.get(`/api/images/${photo.imageId}/original`)).statusCode).toBe(404);
    expect((await a.delete(`/api/events/${started}/photos/${photo.id}`)).statusCode).toBe(404);

    const other = await annaUploads('Anna i bunkern');
    expect((await mod.delete(`/api/events/${started}/photos/${other.id}`)).statusCode).toBe(204);
    expect(await listIds(a)).not.toContain(other.id);
  });

  it('counts the photos on the public event (a count only) and lists the member’s own across events', async () => {
    const shown = (await listIds(mod)).length;
    const anon = (await t.anon.get(`/api/events/${started}`)).json();
    expect(anon.photoCount).toBe(shown);
    expect(JSON.stringify(anon)).not.toContain('photos');
    expect((await t.anon.get(`/api/events/${upcoming}`)).json().photoCount).toBe(0);
    const mine = (await a.get('/api/me/photos')).json() as { mine: boolean; event: { id: number } }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((p) => p.mine && p.event.id === started)).toBe(true);
  });
});
