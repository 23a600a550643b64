import type { AddressInfo } from 'node:net';
import { ballGroups, eventRegistrations } from '../db/schema';
import { buildAdmin, buildCourse, buildEvent, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

// Shared by the scoring tests (scoring.settings-and-handicaps.test.ts, scoring.entry-and-leaderboard.test.ts,
// results.test.ts): their app, and a golf day.

export const HOUR = 60 * 60 * 1000;
/** Pars of the test course's 18 holes (server/test/factories.ts coursePayload). */
export const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];

/**
 * A golf day: a course, an event that started `startedAgo` ms ago with the yellow tee for both genders,
 * two published ball groups of two players each and one registered player without a group.
 */
export async function golfDay(
  t: TestContext,
  o: { startedAgo?: number; format?: 'stableford' | 'stroke_net' | 'stroke_gross'; hidden?: boolean } = {},
) {
  const { course, tee } = await buildCourse(t.db);
  const start = new Date(Date.now() - (o.startedAgo ?? HOUR));
  const event = await buildEvent(t.db, {
    startTime: start,
    endTime: new Date(start.getTime() + 6 * HOUR),
    courseId: course.id,
    maleTeeId: tee.id,
    femaleTeeId: tee.id,
    scoringFormat: o.format ?? 'stableford',
    handicapAllowance: 100,
    leaderboardHidden: o.hidden ?? false,
    ballGroupsPublishedAt: new Date(start.getTime() - 24 * HOUR),
  });
  const [g1, g2] = await t.db
    .insert(ballGroups)
    .values([
      { eventId: event.id, name: 'Boll 1', startingHole: 1 },
      { eventId: event.id, name: 'Boll 2', startingHole: 1 },
    ])
    .returning();
  const anna = await buildUser(t.db, {
    firstName: 'Anna',
    lastName: 'Andersson',
    gender: 'female',
    handicap: 18.4,
  });
  const bo = await buildUser(t.db, { firstName: 'Bo', lastName: 'Berg', gender: 'male', handicap: 18.4 });
  const cilla = await buildUser(t.db, {
    firstName: 'Cilla',
    lastName: 'Carlsson',
    gender: 'female',
    handicap: 5,
  });
  const dan = await buildUser(t.db, { firstName: 'Dan', lastName: 'Dahl', gender: 'male', handicap: null });
  const eva = await buildUser(t.db, { firstName: 'Eva', lastName: 'Ek', gender: 'female', handicap: 30 });
  await t.db.insert(eventRegistrations).values([
    { eventId: event.id, userId: anna.id, groupId: g1.id },
    { eventId: event.id, userId: bo.id, groupId: g1.id },
    { eventId: event.id, userId: cilla.id, groupId: g2.id },
    { eventId: event.id, userId: dan.id, groupId: g2.id },
    { eventId: event.id, userId: eva.id },
  ]);
  return { course, tee, event, groups: [g1, g2], anna, bo, cilla, dan, eva };
}

/** A full round of `strokes` per hole (default par) for the PUT body. */
export const round = (strokes: (par: number, hole: number) => number | null = (p) => p) => ({
  holes: PARS.map((p, i) => ({ hole: i + 1, strokes: strokes(p, i + 1) })),
});

/**
 * A fresh app for the scoring tests: an admin (Ada Admin) and a member who takes part in no golf day (Olle
 * Utanför), each logged in. With `listen`, the app also listens on a free port for WebSockets (`wsUrl`).
 */
export async function createScoringContext(o: { listen?: boolean } = {}) {
  const t = await createTestContext();
  let wsUrl = '';
  if (o.listen) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  }
  const admin = await buildAdmin(t.db, { firstName: 'Ada', lastName: 'Admin' });
  const asAdmin = await t.as(admin);
  const outsider = await buildUser(t.db, { firstName: 'Olle', lastName: 'Utanför' });
  const asOutsider = await t.as(outsider);
  return { t, admin, asAdmin, outsider, asOutsider, wsUrl };
}
