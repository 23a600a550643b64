import sharp from 'sharp';
import { multipart } from '../images/images.test-helpers';
import type { TestClient } from '../test/test-app';

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
