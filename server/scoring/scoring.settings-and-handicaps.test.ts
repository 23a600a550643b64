import { msg } from '@common/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema';
import { buildCourse, buildEvent, type buildUser } from '../test/factories';
import { pdfText } from '../test/pdf-text';
import type { TestClient, TestContext } from '../test/test-app';
import { createScoringContext, golfDay, HOUR } from './golf-day.test-helper';

type User = Awaited<ReturnType<typeof buildUser>>;

/** A golf day's settings on the event, the caller's scorecard and the playing handicaps (issue 29). */
describe('scoring (issue 29)', () => {
  let t: TestContext, asAdmin: TestClient, outsider: User, asOutsider: TestClient;

  beforeAll(async () => {
    ({ t, asAdmin, outsider, asOutsider } = await createScoringContext());
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
});
