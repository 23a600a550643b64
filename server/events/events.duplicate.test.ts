import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import { auditLog, eventRegistrations, events, images } from '../db/schema';
import { uploadImage } from '../images/images.test-helpers';
import { buildAdmin, buildEvent, buildPro, buildRegistration, eventFormPayload } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

/** Organiser tools (issue 16): duplicating an event for next time. */
describe('duplicating events', () => {
  let t: TestContext;
  let admin: UserRow;
  let asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    asAdmin = await t.as(admin);
  });
  afterAll(() => t.close());

  describe('POST /api/events/{id}/duplicate', () => {
    it('copies the fields and picture, moves every date by the weeks, without registrations', async () => {
      const start = new Date(Date.parse(eventFormPayload().startTime));
      const created = await asAdmin.post(
        '/api/events',
        eventFormPayload({
          registrationOpensAt: new Date(start.getTime() - 20 * 86_400_000).toISOString(),
          cancellationDeadline: new Date(start.getTime() - 7 * 86_400_000).toISOString(),
          waitlistMode: 'offer',
          lateCancellationFee: 300,
          payOnline: true,
          status: 'completed',
        }),
      );
      expect(created.statusCode).toBe(201);
      const source = created.json();
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2f7d32' } })
        .png()
        .toBuffer();
      const up = await uploadImage(asAdmin, { entityType: 'event', entityId: String(source.id) }, png);
      expect(up.statusCode).toBe(201);
      const imageId = up.json().id as string;
      await t.db
        .update(events)
        .set({ imageId, imageUrl: `/api/images/${imageId}` })
        .where(eq(events.id, source.id));
      const member = await buildPro(t.db);
      await buildRegistration(t.db, { eventId: source.id, userId: member.id });

      const res = await asAdmin.post(`/api/events/${source.id}/duplicate`, { weeks: 2 });
      expect(res.statusCode).toBe(201);
      const copy = res.json();
      const weeks = 2 * 7 * 86_400_000;
      const shift = (iso: string) => new Date(Date.parse(iso) + weeks).toISOString();
      expect(copy).toMatchObject({
        title: source.title,
        location: source.location,
        price: source.price,
        waitlistMode: 'offer',
        lateCancellationFee: 300,
        payOnline: true,
        status: 'upcoming',
        registeredCount: 0,
        startTime: shift(source.startTime),
        endTime: shift(source.endTime),
        registrationDeadline: shift(source.registrationDeadline),
        registrationOpensAt: shift(source.registrationOpensAt),
        cancellationDeadline: shift(source.cancellationDeadline),
      });
      expect(copy.id).not.toBe(source.id);
      expect(copy.imageId).toBeTruthy();
      expect(copy.imageId).not.toBe(imageId);
      expect(copy.imageUrl).toBe(`/api/images/${copy.imageId}`);
      const [img] = await t.db.select().from(images).where(eq(images.id, copy.imageId));
      expect(img).toMatchObject({ entityType: 'event', entityId: String(copy.id) });
      expect((await t.anon.get(`/api/images/${copy.imageId}/original`)).statusCode).toBe(200);
      expect(
        await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, copy.id)),
      ).toHaveLength(0);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'event.duplicate'));
      expect(entry).toMatchObject({ actorId: admin.id, targetId: String(copy.id) });
      expect(entry.details).toMatchObject({ sourceEventId: source.id, weeks: 2 });
    });

    it('moves 52 weeks by default; admins only; validates weeks; 404 for an unknown event', async () => {
      const source = await buildEvent(t.db);
      const res = await asAdmin.post(`/api/events/${source.id}/duplicate`);
      expect(res.statusCode).toBe(201);
      expect(Date.parse(res.json().startTime) - source.startTime.getTime()).toBe(52 * 7 * 86_400_000);
      const member = await t.as(await buildPro(t.db));
      expect((await member.post(`/api/events/${source.id}/duplicate`, {})).statusCode).toBe(403);
      expect((await t.anon.post(`/api/events/${source.id}/duplicate`, {})).statusCode).toBe(401);
      const zero = await asAdmin.post(`/api/events/${source.id}/duplicate`, { weeks: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toContain('Flytta minst en vecka');
      expect((await asAdmin.post('/api/events/999999/duplicate', {})).statusCode).toBe(404);
    });
  });
});
