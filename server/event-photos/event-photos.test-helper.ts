// Shared by the trip photo tests: uploads as a browser sends them, photos with EXIF, and the app they start with.
import sharp from 'sharp';
import { expect } from 'vitest';
import { multipart, smallJpeg, storedImage } from '../images/images.test-helpers';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestClient } from '../test/test-app';

/** POST /api/events/{id}/photos as a client: the text fields first, then the file (if any). */
export function uploadPhoto(c: TestClient, eventId: number, fields: Record<string, string>, data?: Buffer) {
  const m = multipart(fields, data ? { data } : undefined);
  return c.post(`/api/events/${eventId}/photos`, m.body, m.headers);
}

/** A JPEG carrying EXIF: a camera make and a GPS position (Stockholm), as a phone photo does. */
export const jpegWithGps = () =>
  sharp({ create: { width: 1000, height: 750, channels: 3, background: '#2f7d32' } })
    .withExif({
      IFD0: { Make: 'GolfKamera', Model: 'Spår 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '59/1 19/1 4586/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 4/1 1234/100',
      },
    })
    .jpeg()
    .toBuffer();

/** Whether EXIF bytes hold a GPS IFD (the pointer tag 0x8825, little- or big-endian). */
export const hasGpsPointer = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

export const HOUR = 60 * 60 * 1000;
/** The upload form's fields as a member fills them in. */
export const ok = { altText: 'Fyra glada golfare vid första tee', consent: 'true' };

/**
 * A fresh app for the trip photo tests (event-photos.uploads.test.ts, event-photos.viewing.test.ts): Anna
 * and Bo registered, Cia checked in, Dan outside the event, Eva on the waitlist and an admin, each logged in
 * (a, b, c, d, e, mod); an event under way (`started`) and one that has not started (`upcoming`); and the
 * helpers both files use.
 */
export async function createPhotosContext() {
  const t = await createTestContext();
  const anna = await buildUser(t.db, { firstName: 'Anna', lastName: 'Ek' });
  const bo = await buildUser(t.db, { firstName: 'Bo', lastName: 'Lind' });
  const cia = await buildUser(t.db, { firstName: 'Cia', lastName: 'Berg' });
  const dan = await buildUser(t.db, { firstName: 'Dan', lastName: 'Ås' });
  const eva = await buildUser(t.db, { firstName: 'Eva', lastName: 'Sand' });
  const admin = await buildAdmin(t.db);
  const [a, b, c, d, e, mod] = await Promise.all([anna, bo, cia, dan, eva, admin].map((u) => t.as(u)));
  const now = Date.now();
  const started = (
    await buildEvent(t.db, { startTime: new Date(now - HOUR), endTime: new Date(now + 4 * HOUR) })
  ).id;
  const upcoming = (await buildEvent(t.db)).id;
  for (const eventId of [started, upcoming]) {
    await buildRegistration(t.db, { eventId, userId: anna.id });
    await buildRegistration(t.db, { eventId, userId: bo.id });
    await buildRegistration(t.db, { eventId, userId: cia.id, attendance: 'present' });
    await buildRegistration(t.db, { eventId, userId: eva.id, status: 'waitlisted' });
  }

  /** Anna's upload to the started event; answers the photo. */
  const annaUploads = async (altText = ok.altText) => {
    const res = await uploadPhoto(a, started, { altText, consent: 'true' }, await smallJpeg());
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; imageId: string };
  };
  /** An image row as the pipeline stores a trip photo's (bytes not decoded here). */
  const photoImage = (uploadedBy: string, eventId = started) =>
    storedImage(t.db, {
      uploadedBy,
      entityType: 'event_photo',
      entityId: String(eventId),
      createdAt: new Date(Date.now() - 2 * HOUR),
    });
  /** The ids of the photos a client sees in an event's gallery. */
  const listIds = async (client: TestClient, eventId = started) => {
    const res = await client.get(`/api/events/${eventId}/photos`);
    expect(res.statusCode).toBe(200);
    return (res.json().photos as { id: string }[]).map((p) => p.id);
  };

  return {
    t,
    anna,
    bo,
    cia,
    dan,
    eva,
    admin,
    a,
    b,
    c,
    d,
    e,
    mod,
    started,
    upcoming,
    annaUploads,
    photoImage,
    listIds,
  };
}

/** What createPhotosContext answers. */
export type PhotosContext = Awaited<ReturnType<typeof createPhotosContext>>;
