import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, scoreChanges, scores } from '../db/schema';
import { openSocket, settle } from '../realtime/test-socket';
import type { buildUser } from '../test/factories';
import type { TestClient, TestContext } from '../test/test-app';
import { createScoringContext, golfDay, HOUR, PARS, round } from './golf-day.test-helper';

type User = Awaited<ReturnType<typeof buildUser>>;

/** Entering scores (who may, when, the change log, bad bodies) and the leaderboard, pushed live (issue 29). */
describe('scoring (issue 29)', () => {
  let t: TestContext, admin: User, asAdmin: TestClient, outsider: User, asOutsider: TestClient, wsUrl: string;

  beforeAll(async () => {
    ({ t, admin, asAdmin, outsider, asOutsider, wsUrl } = await createScoringContext({ listen: true }));
  });
  afterAll(() => t?.close());

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
});
