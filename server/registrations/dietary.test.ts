import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';
import { DIETARY_RETENTION_DAYS, eraseExpiredDietaryData } from './dietary';

const DAY = 24 * 60 * 60 * 1000;

/** Dietary needs and allergies (GDPR Art. 9): stored only with explicit consent, erased 30 days after the event. */
describe('dietary needs and allergies', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const rowOf = async (eventId: number, userId: string) =>
    (await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).find(
      (r) => r.userId === userId,
    )!;

  it('refuses dietary needs without consent (400, Swedish), storing nothing', async () => {
    const event = await buildEvent(t.db);
    const member = await buildPro(t.db);
    const client = await t.as(member);
    for (const body of [
      { dietaryPreferences: 'Glutenfri' },
      { dietaryPreferences: 'Glutenfri', dietaryConsent: false },
      { dietaryPreferences: 'Glutenfri', dietaryConsent: 'true' },
    ]) {
      const res = await client.post(`/api/events/${event.id}/register`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg.dietaryConsentRequired);
    }
    expect(
      await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id)),
    ).toEqual([]);
  });

  it('stores them with the time of consent; without needs no consent is asked or stored', async () => {
    const event = await buildEvent(t.db);
    const withNeeds = await buildPro(t.db);
    const without = await buildPro(t.db);
    const before = Date.now();
    const res = await (await t.as(withNeeds)).post(`/api/events/${event.id}/register`, {
      dietaryPreferences: 'Nötallergi',
      dietaryConsent: true,
    });
    expect(res.statusCode).toBe(201);
    const row = await rowOf(event.id, withNeeds.id);
    expect(row.dietaryPreferences).toBe('Nötallergi');
    expect(row.dietaryConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const plain = await (await t.as(without)).post(`/api/events/${event.id}/register`, {
      dietaryPreferences: '  ',
    });
    expect(plain.statusCode).toBe(201);
    expect(await rowOf(event.id, without.id)).toMatchObject({
      dietaryPreferences: null,
      dietaryConsentAt: null,
    });
  });

  it('shows them to admins and the member, never to co-participants', async () => {
    const event = await buildEvent(t.db);
    const owner = await buildPro(t.db);
    const other = await buildPro(t.db);
    await buildRegistration(t.db, { eventId: event.id, userId: owner.id, dietaryPreferences: 'Vegan' });
    await buildRegistration(t.db, { eventId: event.id, userId: other.id });
    const seen = async (client: Awaited<ReturnType<TestContext['as']>>) =>
      (
        (await client.get(`/api/events/${event.id}/registrations`)).json() as {
          userId: string;
          dietaryPreferences: string | null;
        }[]
      ).find((r) => r.userId === owner.id)?.dietaryPreferences;
    expect(await seen(await t.as(await buildAdmin(t.db)))).toBe('Vegan');
    expect(await seen(await t.as(owner))).toBe('Vegan');
    expect(await seen(await t.as(other))).toBeNull();
  });

  it(`erases them ${DIETARY_RETENTION_DAYS} days after the event ended, from every registration, and no sooner`, async () => {
    const now = new Date();
    const ended = (daysAgo: number) =>
      buildEvent(t.db, {
        startTime: new Date(now.getTime() - daysAgo * DAY - 5 * 3600_000),
        endTime: new Date(now.getTime() - daysAgo * DAY),
      });
    const old = await ended(DIETARY_RETENTION_DAYS + 1);
    const recent = await ended(DIETARY_RETENTION_DAYS - 1);
    const upcoming = await buildEvent(t.db);
    const member = await buildPro(t.db);
    const consent = { dietaryPreferences: 'Laktosfri', dietaryConsentAt: new Date(now.getTime() - 60 * DAY) };
    for (const e of [old, recent, upcoming])
      await buildRegistration(t.db, { eventId: e.id, userId: member.id, ...consent });
    const cancelled = await buildPro(t.db);
    await buildRegistration(t.db, {
      eventId: old.id,
      userId: cancelled.id,
      status: 'cancelled',
      cancelledAt: now,
      ...consent,
    });

    expect(await eraseExpiredDietaryData(t.db, now)).toBeGreaterThanOrEqual(2);
    expect(await rowOf(old.id, member.id)).toMatchObject({
      dietaryPreferences: null,
      dietaryConsentAt: null,
    });
    expect(await rowOf(old.id, cancelled.id)).toMatchObject({
      dietaryPreferences: null,
      dietaryConsentAt: null,
    });
    expect((await rowOf(recent.id, member.id)).dietaryPreferences).toBe('Laktosfri');
    expect((await rowOf(upcoming.id, member.id)).dietaryPreferences).toBe('Laktosfri');
    // Once more changes nothing.
    expect(await eraseExpiredDietaryData(t.db, now)).toBe(0);
  });
});
