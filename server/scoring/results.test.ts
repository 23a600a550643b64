import { msg } from '@common/messages';
import { RESULTS_FINAL_AFTER_MS } from '@common/schemas/scoring';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, events, users } from '../db/schema';
import { buildAdmin, buildUser } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { golfDay, HOUR, round } from './golf-day.test-helper';
import { seasonTable } from './order-of-merit';
import { finalizeDueResults } from './scoring.service';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('scoring results: sign-off, final, contests, histories, season table (issue 29)', () => {
  let t: TestContext;
  let admin: User;
  let asAdmin: TestClient;
  let outsider: User;
  let asOutsider: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db, { firstName: 'Ada', lastName: 'Admin' });
    asAdmin = await t.as(admin);
    outsider = await buildUser(t.db, { firstName: 'Olle', lastName: 'Utanför' });
    asOutsider = await t.as(outsider);
  });
  afterAll(() => t?.close());

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
