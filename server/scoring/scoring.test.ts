import type { AddressInfo } from 'node:net';
import { msg } from '@common/messages';
import { RESULTS_FINAL_AFTER_MS } from '@common/schemas/scoring';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ballGroups, eventRegistrations, events, scoreChanges, scores } from '../db/schema';
import { openSocket, settle } from '../realtime/test-socket';
import { buildAdmin, buildCourse, buildEvent, buildUser } from '../test/factories';
import { pdfText } from '../test/pdf-text';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { seasonTable } from './order-of-merit';
import { finalizeDueResults } from './scoring.service';

type User = Awaited<ReturnType<typeof buildUser>>;
const HOUR = 60 * 60 * 1000;
/** Pars of the test course's 18 holes (server/test/factories.ts coursePayload). */
const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];

/**
 * A golf day: a course, an event that started `startedAgo` ms ago with the yellow tee for both genders,
 * two published ball groups of two players each and one registered player without a group.
 */
async function golfDay(
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
const round = (strokes: (par: number, hole: number) => number | null = (p) => p) => ({
  holes: PARS.map((p, i) => ({ hole: i + 1, strokes: strokes(p, i + 1) })),
});

describe('scoring (issue 29)', () => {
  let t: TestContext;
  let admin: User;
  let asAdmin: TestClient;
  let outsider: User;
  let asOutsider: TestClient;
  let wsUrl: string;

  beforeAll(async () => {
    t = await createTestContext();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    admin = await buildAdmin(t.db, { firstName: 'Ada', lastName: 'Admin' });
    asAdmin = await t.as(admin);
    outsider = await buildUser(t.db, { firstName: 'Olle', lastName: 'Utanför' });
    asOutsider = await t.as(outsider);
  });
  afterAll(() => t?.close());

  describe('event golf settings', () => {
    it('stores course, tees, format, allowance and hidden leaderboard, validated, shown as golf on the detail and copied by duplication', async () => {
      const { course, tee } = await buildCourse(t.db);
      const other = await buildCourse(t.db);
      const start = new Date(Date.now() + 20 * 24 * HOUR);
      const base = {
        title: 'Slaggolf',
        location: 'Testby',
        maxParticipants: 16,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 5 * HOUR).toISOString(),
        registrationFee: 100,
      };
      const noFormat = await asAdmin.post('/api/events', {
        ...base,
        courseId: course.id,
        teeIds: { male: tee.id },
      });
      expect(noFormat.statusCode).toBe(400);
      expect(noFormat.json().message).toContain(msg.eventFormatRequired);
      const foreignTee = await asAdmin.post('/api/events', {
        ...base,
        courseId: course.id,
        teeIds: { male: other.tee.id },
        scoringFormat: 'stableford',
      });
      expect(foreignTee.statusCode).toBe(400);
      expect(foreignTee.json().message).toBe(msg.eventTeeNotOnCourse);
      const noCourse = await asAdmin.post('/api/events', {
        ...base,
        courseId: 999_999,
        teeIds: { male: tee.id },
        scoringFormat: 'stableford',
      });
      expect(noCourse.json().message).toBe(msg.courseNotFound);
      const noTee = await asAdmin.post('/api/events', {
        ...base,
        courseId: course.id,
        scoringFormat: 'stableford',
      });
      expect(noTee.json().message).toBe(msg.eventTeeRequired);

      const res = await asAdmin.post('/api/events', {
        ...base,
        courseId: course.id,
        teeIds: { male: tee.id, female: tee.id },
        scoringFormat: 'stroke_net',
        handicapAllowance: 95,
        leaderboardHidden: true,
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      const detail = (await asOutsider.get(`/api/events/${id}`)).json();
      expect(detail.golf).toEqual({
        courseId: course.id,
        courseName: course.name,
        teeIds: { male: tee.id, female: tee.id },
        scoringFormat: 'stroke_net',
        handicapAllowance: 95,
        leaderboardHidden: true,
      });
      // A save of the form without the golf fields keeps them.
      const saved = await asAdmin.put(`/api/events/${id}`, { ...base, title: 'Slaggolf 2' });
      expect(saved.statusCode).toBe(200);
      expect((await asAdmin.get(`/api/events/${id}`)).json().golf.scoringFormat).toBe('stroke_net');

      // The course cannot lose the tee the event plays from.
      const { coursePayload } = await import('../test/factories');
      const p = coursePayload(18);
      const replaced = await asAdmin.put(`/api/admin/courses/${course.id}`, { ...p, name: course.name });
      expect(replaced.statusCode).toBe(409);
      expect(replaced.json().message).toContain('Slaggolf 2');

      const copy = await asAdmin.post(`/api/events/${id}/duplicate`, { weeks: 52 });
      expect(copy.statusCode).toBe(201);
      expect((await asAdmin.get(`/api/events/${copy.json().id}`)).json().golf).toMatchObject({
        courseId: course.id,
        scoringFormat: 'stroke_net',
        handicapAllowance: 95,
      });

      // null clears the course (and with it tees and format).
      const cleared = await asAdmin.put(`/api/events/${id}`, { ...base, courseId: null });
      expect(cleared.statusCode).toBe(200);
      expect((await asAdmin.get(`/api/events/${id}`)).json().golf).toBeNull();
      const row = (await t.db.select().from(events).where(eq(events.id, id)))[0];
      expect([row.maleTeeId, row.femaleTeeId, row.scoringFormat]).toEqual([null, null, null]);
    });
  });

  describe('scorecard', () => {
    it("answers the caller's published group with WHS handicaps and strokes per hole", async () => {
      const day = await golfDay(t);
      const asBo = await t.as(day.bo);
      const res = await asBo.get(`/api/events/${day.event.id}/scorecards/mine`);
      expect(res.statusCode).toBe(200);
      const card = res.json();
      expect(card).toMatchObject({
        eventId: day.event.id,
        format: 'stableford',
        holes: 18,
        final: false,
        canEnter: true,
      });
      expect(card.group.number).toBe(1);
      expect(card.players.map((p: { name: string }) => p.name).sort()).toEqual(['Anna Andersson', 'Bo Berg']);
      const bo = card.players.find((p: { userId: string }) => p.userId === day.bo.id);
      // HI 18.4, slope 130, CR 71.2, par 72 → 20 (decisions.md's worked example).
      expect(bo).toMatchObject({
        courseHandicap: 20,
        playingHandicap: 20,
        tee: { id: day.tee.id, color: 'yellow' },
      });
      const si1 = bo.holes.find((h: { strokeIndex: number }) => h.strokeIndex === 1);
      const si3 = bo.holes.find((h: { strokeIndex: number }) => h.strokeIndex === 3);
      expect([si1.received, si3.received]).toEqual([2, 1]);
      // Dan has no handicap: null, no strokes.
      const asDan = await t.as(day.dan);
      const dan = (await asDan.get(`/api/events/${day.event.id}/scorecards/mine`))
        .json()
        .players.find((p: { userId: string }) => p.userId === day.dan.id);
      expect(dan).toMatchObject({ courseHandicap: null, playingHandicap: null });
      expect(dan.holes.every((h: { received: number }) => h.received === 0)).toBe(true);
      // Eva has no group, Olle takes no part: 404 with the message.
      for (const who of [day.eva, outsider]) {
        const r = await (await t.as(who)).get(`/api/events/${day.event.id}/scorecards/mine`);
        expect(r.statusCode).toBe(404);
        expect(r.json().message).toBe(msg.notInPublishedGroup);
      }
      const plain = await buildEvent(t.db);
      const none = await asBo.get(`/api/events/${plain.id}/scorecards/mine`);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(msg.eventHasNoCourse);
      expect((await t.anon.get(`/api/events/${day.event.id}/scorecards/mine`)).statusCode).toBe(401);
    });
  });

  describe('playing handicaps on the ball groups and the start list', () => {
    it('adds course and playing handicap per member (null without handicap), and a Spel-hcp column to the PDF', async () => {
      const day = await golfDay(t);
      await t.db.update(events).set({ handicapAllowance: 95 }).where(eq(events.id, day.event.id));
      const res = await asAdmin.get(`/api/events/${day.event.id}/groups`);
      expect(res.statusCode).toBe(200);
      const members = res.json().flatMap((g: { members: unknown[] }) => g.members);
      const of = (id: string) => members.find((m: { userId: string }) => m.userId === id);
      // HI 18.4, slope 130, CR 71.2, par 72 → course handicap 20, at 95 % playing handicap 19 (issue 29).
      expect(of(day.bo.id)).toMatchObject({ courseHandicap: 20, playingHandicap: 19 });
      expect(of(day.dan.id)).toMatchObject({ courseHandicap: null, playingHandicap: null });
      // A member sees the same once published (the event page's group).
      const asAnna = await t.as(day.anna);
      const seen = (await asAnna.get(`/api/events/${day.event.id}/groups`)).json();
      expect(
        seen[0].members.every((m: { playingHandicap?: number }) => m.playingHandicap !== undefined),
      ).toBe(true);
      const pdf = await asAdmin.get(`/api/admin/events/${day.event.id}/start-list.pdf`);
      expect(pdf.statusCode).toBe(200);
      const text = pdfText(pdf.rawPayload);
      // pdfmake writes a hyphenated word as two runs.
      expect(text).toMatch(/Spel-\s*hcp/);
      // An event without a course has no such column, and no such fields.
      const plain = await buildEvent(t.db);
      const plainPdf = await asAdmin.get(`/api/admin/events/${plain.id}/start-list.pdf`);
      expect(plainPdf.statusCode).toBe(200);
      expect(pdfText(plainPdf.rawPayload)).not.toMatch(/Spel-/);
      const plainGroups = (await asAdmin.get(`/api/events/${plain.id}/groups`)).json();
      expect(plainGroups).toEqual([]);
    });
  });

  describe('entering scores', () => {
    it('lets a group mate and an admin enter, refuses another group, a non-participant and a visitor', async () => {
      const day = await golfDay(t);
      const url = `/api/events/${day.event.id}/scores/${day.bo.id}`;
      const body = { holes: [{ hole: 1, strokes: 5 }] };
      const asAnna = await t.as(day.anna);
      const mate = await asAnna.put(url, body);
      expect(mate.statusCode).toBe(200);
      expect(mate.json()).toEqual({
        userId: day.bo.id,
        scores: [{ hole: 1, strokes: 5 }],
        signedOffAt: null,
      });
      for (const who of [day.cilla, day.eva, outsider]) {
        const r = await (await t.as(who)).put(url, body);
        expect(r.statusCode, who.firstName ?? '').toBe(403);
        expect(r.json().message).toBe(msg.scoreForbidden);
      }
      expect((await t.anon.put(url, body)).statusCode).toBe(401);
      const byAdmin = await asAdmin.put(url, { holes: [{ hole: 2, strokes: null }] });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().scores).toEqual([
        { hole: 1, strokes: 5 },
        { hole: 2, strokes: null },
      ]);
      // Eva has no group: an admin may still enter for her; Olle is no participant.
      expect((await asAdmin.put(`/api/events/${day.event.id}/scores/${day.eva.id}`, body)).statusCode).toBe(
        200,
      );
      const notIn = await asAdmin.put(`/api/events/${day.event.id}/scores/${outsider.id}`, body);
      expect(notIn.statusCode).toBe(404);
      expect(notIn.json().message).toBe(msg.scorePlayerNotParticipant);
    });

    it('refuses before the start and after final (admins may still change, logged as after final)', async () => {
      const ahead = await golfDay(t, { startedAgo: -HOUR });
      const asAnna = await t.as(ahead.anna);
      const early = await asAnna.put(`/api/events/${ahead.event.id}/scores/${ahead.bo.id}`, {
        holes: [{ hole: 1, strokes: 4 }],
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(msg.scoringNotStarted);
      expect((await asAnna.get(`/api/events/${ahead.event.id}/scorecards/mine`)).json().canEnter).toBe(false);

      const day = await golfDay(t);
      const asBo = await t.as(day.bo);
      const url = `/api/events/${day.event.id}/scores/${day.bo.id}`;
      expect((await asBo.put(url, { holes: [{ hole: 1, strokes: 4 }] })).statusCode).toBe(200);
      expect((await asBo.post(`/api/admin/events/${day.event.id}/results/final`)).statusCode).toBe(403);
      const fin = await asAdmin.post(`/api/admin/events/${day.event.id}/results/final`);
      expect(fin.statusCode).toBe(200);
      expect(fin.json()).toMatchObject({ eventId: day.event.id, final: true, automatic: false });
      const late = await asBo.put(url, { holes: [{ hole: 1, strokes: 3 }] });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(msg.resultsAreFinal);
      expect((await asAdmin.put(url, { holes: [{ hole: 1, strokes: 3 }] })).statusCode).toBe(200);
      const changes = await t.db.select().from(scoreChanges).where(eq(scoreChanges.eventId, day.event.id));
      expect(changes.map((c) => [c.oldStrokes, c.newStrokes, c.afterFinal, c.changedBy])).toEqual([
        [null, 4, false, day.bo.id],
        [4, 3, true, admin.id],
      ]);
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'event'), eq(auditLog.targetId, String(day.event.id))));
      expect(audits.map((a) => a.action).sort()).toEqual(['results.final', 'score.change_after_final']);
      // Reopened: the group enters again.
      const reopened = await asAdmin.delete(`/api/admin/events/${day.event.id}/results/final`);
      expect(reopened.json().final).toBe(false);
      expect((await asBo.put(url, { holes: [{ hole: 1, strokes: 4 }] })).statusCode).toBe(200);
    });

    it('logs each change once, ignores a repeat and an older enteredAt, and shows the changes to admins with names', async () => {
      const day = await golfDay(t);
      const asAnna = await t.as(day.anna);
      const url = `/api/events/${day.event.id}/scores/${day.anna.id}`;
      const at = (min: number) => new Date(Date.now() - 30 * 60_000 + min * 60_000).toISOString();
      expect((await asAnna.put(url, { holes: [{ hole: 3, strokes: 4, enteredAt: at(2) }] })).statusCode).toBe(
        200,
      );
      // The same send again (an offline queue retrying) changes nothing.
      await asAnna.put(url, { holes: [{ hole: 3, strokes: 4, enteredAt: at(2) }] });
      // An older entry arriving late is ignored.
      const stale = await asAnna.put(url, { holes: [{ hole: 3, strokes: 6, enteredAt: at(1) }] });
      expect(stale.json().scores).toEqual([{ hole: 3, strokes: 4 }]);
      // A newer one wins.
      const newer = await asAnna.put(url, { holes: [{ hole: 3, strokes: 5, enteredAt: at(3) }] });
      expect(newer.json().scores).toEqual([{ hole: 3, strokes: 5 }]);
      const rows = await t.db.select().from(scores).where(eq(scores.eventId, day.event.id));
      expect(rows.map((r) => r.strokes)).toEqual([5]);
      const list = await asAdmin.get(`/api/admin/events/${day.event.id}/score-changes`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toMatchObject([
        {
          hole: 3,
          hadOld: true,
          oldStrokes: 4,
          newStrokes: 5,
          playerName: 'Anna Andersson',
          changedByName: 'Anna Andersson',
        },
        { hole: 3, hadOld: false, oldStrokes: null, newStrokes: 4 },
      ]);
      expect((await asAnna.get(`/api/admin/events/${day.event.id}/score-changes`)).statusCode).toBe(403);
    });

    it('refuses bad bodies: null, empty, too many holes, a hole past the course, twice the same hole, bad ids, NUL', async () => {
      const day = await golfDay(t);
      const asAnna = await t.as(day.anna);
      const url = `/api/events/${day.event.id}/scores/${day.bo.id}`;
      const bad = [
        null,
        'null',
        {},
        { holes: [] },
        { holes: Array.from({ length: 19 }, (_, i) => ({ hole: (i % 18) + 1, strokes: 4 })) },
        { holes: [{ hole: 19, strokes: 4 }] },
        { holes: [{ hole: 1, strokes: 16 }] },
        { holes: [{ hole: 1, strokes: 0 }] },
        { holes: [{ hole: 1, strokes: 4, enteredAt: 'igår' }] },
        { holes: [{ hole: 1, strokes: '4\u0000' }] },
        { holes: [{ hole: 1, strokes: 4 }], x: 'a'.repeat(2_000_000) },
      ];
      for (const body of bad) {
        const r = await asAnna.put(url, body === null ? undefined : (body as object), {
          'content-type': 'application/json',
        });
        expect([400, 413], JSON.stringify(body).slice(0, 60)).toContain(r.statusCode);
        expect(typeof r.json().message).toBe('string');
      }
      const twice = await asAnna.put(url, {
        holes: [
          { hole: 1, strokes: 4 },
          { hole: 1, strokes: 5 },
        ],
      });
      expect(twice.json().message).toBe(msg.scoreHoleTwice);
      expect((await asAnna.put(`/api/events/${day.event.id}/scores/not-a-uuid`, round())).statusCode).toBe(
        400,
      );
      expect((await asAnna.put(`/api/events/abc/scores/${day.bo.id}`, round())).statusCode).toBe(400);
      // A future entry time is taken as now (it cannot lock the hole).
      const future = new Date(Date.now() + 24 * HOUR).toISOString();
      await asAnna.put(url, { holes: [{ hole: 1, strokes: 4, enteredAt: future }] });
      expect((await asAnna.put(url, { holes: [{ hole: 1, strokes: 5 }] })).json().scores).toEqual([
        { hole: 1, strokes: 5 },
      ]);
      expect((await t.db.select().from(scores).where(eq(scores.eventId, day.event.id))).length).toBe(1);
    });
  });

  describe('leaderboard', () => {
    it('orders by stableford points with players not started last, and shows participants, admins, everyone once final', async () => {
      const day = await golfDay(t);
      const [asAnna, asBo, asCilla] = await Promise.all([day.anna, day.bo, day.cilla].map((u) => t.as(u)));
      // Anna (HI 18.4 on the women's rating: CR 74.8, slope 134 → 25) plays par everywhere; Bo bogey everywhere; Cilla 3 holes.
      await asBo.put(`/api/events/${day.event.id}/scores/${day.anna.id}`, round());
      await asAnna.put(
        `/api/events/${day.event.id}/scores/${day.bo.id}`,
        round((p) => p + 1),
      );
      await asCilla.put(`/api/events/${day.event.id}/scores/${day.cilla.id}`, {
        holes: [1, 2, 3].map((h) => ({ hole: h, strokes: PARS[h - 1] })),
      });
      const res = await asAnna.get(`/api/events/${day.event.id}/leaderboard`);
      expect(res.statusCode).toBe(200);
      const lb = res.json();
      expect(lb).toMatchObject({ eventId: day.event.id, format: 'stableford', final: false, contests: [] });
      expect(lb.rows.map((r: { name: string }) => r.name)).toEqual([
        'Anna Andersson',
        'Bo Berg',
        'Cilla Carlsson',
        'Dan Dahl',
        'Eva Ek',
      ]);
      expect(lb.rows[0]).toMatchObject({
        position: 1,
        thru: 18,
        gross: 72,
        playingHandicap: 25,
        points: 36 + 25,
      });
      expect(lb.rows[1]).toMatchObject({ position: 2, thru: 18, gross: 90, points: 18 + 20 });
      expect(lb.rows[2]).toMatchObject({ position: 3, thru: 3 });
      expect(lb.rows.slice(3).map((r: { position: number | null }) => r.position)).toEqual([null, null]);

      // Olle takes no part: not while it goes on; yes once final.
      const refused = await asOutsider.get(`/api/events/${day.event.id}/leaderboard`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(msg.leaderboardForbidden);
      expect((await t.anon.get(`/api/events/${day.event.id}/leaderboard`)).statusCode).toBe(401);
      await asAdmin.post(`/api/admin/events/${day.event.id}/results/final`);
      const open = await asOutsider.get(`/api/events/${day.event.id}/leaderboard`);
      expect(open.statusCode).toBe(200);
      expect(open.json().final).toBe(true);
    });

    it('hides a hidden leaderboard from participants until final (admins see it)', async () => {
      const day = await golfDay(t, { hidden: true, format: 'stroke_gross' });
      const asAnna = await t.as(day.anna);
      const hidden = await asAnna.get(`/api/events/${day.event.id}/leaderboard`);
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json().message).toBe(msg.leaderboardHiddenUntilFinal);
      expect((await asAdmin.get(`/api/events/${day.event.id}/leaderboard`)).statusCode).toBe(200);
      await asAdmin.post(`/api/admin/events/${day.event.id}/results/final`);
      expect((await asAnna.get(`/api/events/${day.event.id}/leaderboard`)).statusCode).toBe(200);
    });

    it('pushes the new leaderboard to a watching socket, and refuses a watcher who may not see it', async () => {
      const day = await golfDay(t);
      const [asAnna, asBo] = await Promise.all([t.as(day.anna), t.as(day.bo)]);
      const watcher = await openSocket(wsUrl, { cookie: asAnna.cookie });
      watcher.ws.send(JSON.stringify({ type: 'watch_leaderboard', eventId: day.event.id }));
      const first = await watcher.next((e) => e.type === 'leaderboard');
      expect(first.type === 'leaderboard' && first.data.leaderboard.rows[0].thru).toBe(0);
      const stranger = await openSocket(wsUrl, { cookie: asOutsider.cookie });
      stranger.ws.send(JSON.stringify({ type: 'watch_leaderboard', eventId: day.event.id }));
      expect(await stranger.next((e) => e.type === 'error')).toEqual({
        type: 'error',
        data: { message: msg.leaderboardForbidden },
      });

      const started = Date.now();
      await asBo.put(`/api/events/${day.event.id}/scores/${day.bo.id}`, { holes: [{ hole: 1, strokes: 3 }] });
      const pushed = await watcher.next(
        (e) => e.type === 'leaderboard' && e.data.leaderboard.rows.some((r) => r.thru === 1),
        2000,
      );
      expect(Date.now() - started).toBeLessThan(1000);
      expect(pushed.type === 'leaderboard' && pushed.data.leaderboard.rows[0]).toMatchObject({
        userId: day.bo.id,
        position: 1,
        thru: 1,
      });
      await settle(300);
      expect(stranger.received.filter((e) => e.type === 'leaderboard')).toEqual([]);
      // After unwatching nothing more arrives.
      watcher.ws.send(JSON.stringify({ type: 'unwatch_leaderboard', eventId: day.event.id }));
      await settle(100);
      const before = watcher.received.length;
      await asBo.put(`/api/events/${day.event.id}/scores/${day.bo.id}`, { holes: [{ hole: 2, strokes: 4 }] });
      await settle(500);
      expect(watcher.received.length).toBe(before);
      watcher.close();
      stranger.close();
    });
  });

  describe('sign-off and automatic final', () => {
    it('signs a full card off, and makes results final 2 hours after the last score when every started card is full', async () => {
      const day = await golfDay(t, { startedAgo: 5 * HOUR });
      const asAnna = await t.as(day.anna);
      const early = await asAnna.post(`/api/events/${day.event.id}/scores/${day.bo.id}/sign-off`);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(msg.signOffIncomplete);
      await asAnna.put(`/api/events/${day.event.id}/scores/${day.bo.id}`, round());
      const signed = await asAnna.post(`/api/events/${day.event.id}/scores/${day.bo.id}/sign-off`);
      expect(signed.statusCode).toBe(200);
      expect(signed.json().userId).toBe(day.bo.id);
      expect(
        (await (await t.as(day.cilla)).post(`/api/events/${day.event.id}/scores/${day.bo.id}/sign-off`))
          .statusCode,
      ).toBe(403);

      // Anna has started (3 holes): not yet.
      await asAnna.put(`/api/events/${day.event.id}/scores/${day.anna.id}`, {
        holes: [{ hole: 1, strokes: 4 }],
      });
      const later = new Date(Date.now() + RESULTS_FINAL_AFTER_MS + 60_000);
      expect(await finalizeDueResults(t.db, later)).not.toContain(day.event.id);
      await asAnna.put(`/api/events/${day.event.id}/scores/${day.anna.id}`, round());
      expect(await finalizeDueResults(t.db, new Date())).not.toContain(day.event.id);
      expect(await finalizeDueResults(t.db, later)).toContain(day.event.id);
      const lb = (await asAnna.get(`/api/events/${day.event.id}/leaderboard`)).json();
      expect(lb.final).toBe(true);
    });
  });

  describe('contests', () => {
    it('adds a contest with a participant as winner (admin), shown on the leaderboard, and removes it', async () => {
      const day = await golfDay(t);
      const url = `/api/events/${day.event.id}/contests`;
      const body = {
        type: 'closest_to_pin',
        hole: 3,
        gender: 'female',
        winnerUserId: day.anna.id,
        measure: '2,35 m',
      };
      expect((await (await t.as(day.anna)).post(url, body)).statusCode).toBe(403);
      const outsiderWins = await asAdmin.post(url, { ...body, winnerUserId: outsider.id });
      expect(outsiderWins.statusCode).toBe(400);
      expect(outsiderWins.json().message).toBe(msg.contestWinnerNotParticipant);
      for (const b of [
        { ...body, hole: 19 },
        { ...body, type: 'hole_in_one' },
        { ...body, measure: 'x'.repeat(41) },
        { ...body, winnerUserId: 'x' },
        { ...body, measure: '2\u0000m' },
      ]) {
        expect((await asAdmin.post(url, b)).statusCode).toBe(400);
      }
      const res = await asAdmin.post(url, body);
      expect(res.statusCode).toBe(201);
      expect(res.json().contests).toEqual([
        {
          id: expect.any(Number),
          type: 'closest_to_pin',
          hole: 3,
          gender: 'female',
          winnerUserId: day.anna.id,
          winnerName: 'Anna Andersson',
          measure: '2,35 m',
        },
      ]);
      const id = res.json().contests[0].id;
      const other = await golfDay(t);
      expect((await asAdmin.delete(`/api/events/${other.event.id}/contests/${id}`)).statusCode).toBe(404);
      expect((await asAdmin.delete(`/api/events/${day.event.id}/contests/${id}`)).statusCode).toBe(200);
      expect((await asAdmin.get(`/api/events/${day.event.id}/leaderboard`)).json().contests).toEqual([]);
    });
  });

  describe('results history and season table', () => {
    it("shows a member's final results to themselves, other members and admins, not when hidden from the members list", async () => {
      const day = await golfDay(t, { format: 'stroke_net' });
      const asBo = await t.as(day.bo);
      await asBo.put(`/api/events/${day.event.id}/scores/${day.bo.id}`, round());
      await asBo.put(
        `/api/events/${day.event.id}/scores/${day.anna.id}`,
        round((p) => p + 2),
      );
      const url = `/api/users/${day.bo.id}/results`;
      expect((await asBo.get(url)).json()).toEqual([]);
      await asAdmin.post(`/api/admin/events/${day.event.id}/results/final`);
      const mine = await asBo.get(url);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual([
        {
          eventId: day.event.id,
          title: day.event.title,
          date: day.event.startTime.toISOString(),
          format: 'stroke_net',
          position: 1,
          players: 2,
          points: null,
          // Bo: PH 20, par everywhere → 72 − 20.
          net: 52,
        },
      ]);
      expect((await asOutsider.get(url)).json()).toHaveLength(1);
      const { users } = await import('../db/schema');
      await t.db.update(users).set({ hiddenFromDirectory: true }).where(eq(users.id, day.bo.id));
      const hidden = await asOutsider.get(url);
      expect(hidden.statusCode).toBe(403);
      expect(hidden.json().message).toBe(msg.resultsHidden);
      expect((await asBo.get(url)).statusCode).toBe(200);
      expect((await asAdmin.get(url)).statusCode).toBe(200);
      expect((await asOutsider.get('/api/users/no-such-member/results')).statusCode).toBe(404);
      expect((await t.anon.get(url)).statusCode).toBe(401);
    });

    it('counts the best N finishes by the points per position', () => {
      const rules = { pointsPerPosition: [10, 6, 3], bestOf: 2 };
      const finishes = [
        { userId: 'a', name: 'A', position: 1 },
        { userId: 'a', name: 'A', position: 3 },
        { userId: 'a', name: 'A', position: 2 },
        { userId: 'b', name: 'B', position: 1 },
        { userId: 'b', name: 'B', position: 2 },
        { userId: 'c', name: 'C', position: 4 },
      ];
      expect(seasonTable(rules, finishes)).toEqual([
        { position: 1, userId: 'a', name: 'A', points: 16, played: 3, counted: 2 },
        { position: 1, userId: 'b', name: 'B', points: 16, played: 2, counted: 2 },
        { position: 3, userId: 'c', name: 'C', points: 0, played: 1, counted: 1 },
      ]);
    });

    it('answers the season table with default rules, takes new rules from an admin (audited)', async () => {
      const season = 2031;
      const day = await golfDay(t);
      await asAdmin.put(`/api/events/${day.event.id}/scores/${day.cilla.id}`, round());
      await asAdmin.put(
        `/api/events/${day.event.id}/scores/${day.dan.id}`,
        round((p) => p + 1),
      );
      await asAdmin.post(`/api/admin/events/${day.event.id}/results/final`);
      // Played in the season asked for (no other test's event is there).
      await t.db
        .update(events)
        .set({
          startTime: new Date(`${season}-06-01T08:00:00Z`),
          endTime: new Date(`${season}-06-01T14:00:00Z`),
        })
        .where(eq(events.id, day.event.id));
      const res = await asOutsider.get(`/api/order-of-merit?season=${season}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        season,
        rules: { bestOf: 5 },
        events: 1,
        rows: [
          { position: 1, userId: day.cilla.id, points: 25, played: 1, counted: 1 },
          { position: 2, userId: day.dan.id, points: 20 },
        ],
      });
      expect((await t.anon.get(`/api/order-of-merit?season=${season}`)).statusCode).toBe(401);
      expect((await asOutsider.get('/api/order-of-merit?season=1700')).statusCode).toBe(400);
      const rules = { pointsPerPosition: [3, 1], bestOf: 1 };
      expect((await asOutsider.put(`/api/admin/order-of-merit/${season}`, rules)).statusCode).toBe(403);
      expect(
        (await asAdmin.put(`/api/admin/order-of-merit/${season}`, { bestOf: 0, pointsPerPosition: [] }))
          .statusCode,
      ).toBe(400);
      const set = await asAdmin.put(`/api/admin/order-of-merit/${season}`, rules);
      expect(set.statusCode).toBe(200);
      expect(set.json().rows.map((r: { points: number }) => r.points)).toEqual([3, 1]);
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order_of_merit.rules'));
      expect(audit).toHaveLength(1);
    });
  });
});
