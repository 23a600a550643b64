// Shared by the registrations tests (registering, cancelling and the waitlist, lists and payment):
// the members each file starts with and the event's registrations as stored.
import { asc, eq } from 'drizzle-orm';
import { eventRegistrations } from '../db/schema';
import { buildAdmin, buildPro, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

export const HOUR = 60 * 60 * 1000;

/** A fresh app with an admin, a Pro member (Golf-ID, handicap 12.4) and a free member, each logged in. */
export async function createRegistrationsContext() {
  const t = await createTestContext();
  const admin = await buildAdmin(t.db);
  const pro = await buildPro(t.db, { golfId: '800101-001', handicap: 12.4 });
  const free = await buildUser(t.db);
  const asAdmin = await t.as(admin);
  const asPro = await t.as(pro);
  const asFree = await t.as(free);
  return { t, admin, pro, free, asAdmin, asPro, asFree };
}

/** The event's registrations in arrival order. */
export const registrationsOf = (t: TestContext, eventId: number) =>
  t.db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id));
