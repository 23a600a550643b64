import { msg } from '@common/messages';
import type { MeetAgain, MeetAgainMatch } from '@common/schemas/meet-again';
import { and, eq, or } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, meetAgainAnswers, meetAgainMatches, notifications, outboundEmails } from '../db/schema';
import { fanOutDue } from '../notifications/notifications.jobs';
import { unsubscribeKey } from '../notifications/unsubscribe';
import { buildAdmin, buildEvent, buildRegistration, buildUser } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { runMeetAgainCleanup } from './meet-again.jobs';

type User = Awaited<ReturnType<typeof buildUser>>;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** An event that ended `endedAgo` ms ago (negative: still to end). */
const pastEvent = (t: TestContext, endedAgo: number) =>
  buildEvent(t.db, {
    startTime: new Date(Date.now() - endedAgo - 5 * HOUR),
    endTime: new Date(Date.now() - endedAgo),
    status: 'completed',
  });

const checkIn = (t: TestContext, eventId: number, userId: string) =>
  buildRegistration(t.db, { eventId, userId, status: 'registered', attendance: 'present' });

const url = (eventId: number) => `/api/events/${eventId}/meet-again`;

describe("'Vill ses igen' (issue 30)", () => {
  let t: TestContext;
  let anna: User;
  let bo: User;
  let cilla: User;
  let dan: User;
  let adminUser: User;
  let a: TestClient;
  let b: TestClient;
  let c: TestClient;
  let d: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    anna = await buildUser(t.db, { firstName: 'Anna', lastName: 'Andersson' });
    bo = await buildUser(t.db, { firstName: 'Bo', lastName: 'Berg' });
    cilla = await buildUser(t.db, { firstName: 'Cilla', lastName: 'Cedergren' });
    dan = await buildUser(t.db, { firstName: 'Dan', lastName: 'Dahl' });
    adminUser = await buildAdmin(t.db);
    [a, b, c, d, admin] = await Promise.all([anna, bo, cilla, dan, adminUser].map((u) => t.as(u)));
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh ended event with the given members checked in. */
  async function eventWith(members: User[], endedAgo = HOUR) {
    const ev = await pastEvent(t, endedAgo);
    for (const m of members) await checkIn(t, ev.id, m.id);
    return ev;
  }

  const answer = (client: TestClient, eventId: number, userId: string, choice: string | null) =>
    client.put(url(eventId), { answers: [{ userId, choice }] });

  const matchesOf = async (client: TestClient) => {
    const res = await client.get('/api/matches');
    expect(res.statusCode).toBe(200);
    return res.json() as MeetAgainMatch[];
  };

  it('needs a login on every route', async () => {
    const ev = await eventWith([anna, bo]);
    expect((await t.anon.get(url(ev.id))).statusCode).toBe(401);
    expect((await t.anon.put(url(ev.id), { answers: [{ userId: bo.id, choice: 'date' }] })).statusCode).toBe(
      401,
    );
    expect((await t.anon.get('/api/matches')).statusCode).toBe(401);
  });

  it('answers 403 to anyone not checked in (registered but absent, no-show, not registered, an admin)', async () => {
    const ev = await eventWith([anna, bo]);
    await buildRegistration(t.db, { eventId: ev.id, userId: cilla.id, status: 'registered' });
    await buildRegistration(t.db, {
      eventId: ev.id,
      userId: dan.id,
      status: 'registered',
      attendance: 'no_show',
    });
    for (const client of [c, d, admin]) {
      const get = await client.get(url(ev.id));
      expect(get.statusCode).toBe(403);
      expect(get.json().message).toBe(msg.meetAgainNotCheckedIn);
      const put = await client.put(url(ev.id), { answers: [{ userId: anna.id, choice: 'date' }] });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(msg.meetAgainNotCheckedIn);
    }
    expect((await a.get(url(999_999))).statusCode).toBe(404);
  });

  it('refuses bad bodies with Swedish messages', async () => {
    const ev = await eventWith([anna, bo]);
    const cases: [unknown, string][] = [
      [{}, msg.meetAgainAnswersRequired],
      [{ answers: [] }, msg.meetAgainAnswersRequired],
      [{ answers: [{ userId: bo.id, choice: 'maybe' }] }, msg.meetAgainChoiceInvalid],
      [{ answers: [{ userId: bo.id }] }, msg.meetAgainChoiceInvalid],
      [
        {
          answers: [
            { userId: bo.id, choice: 'date' },
            { userId: bo.id, choice: 'no' },
          ],
        },
        msg.meetAgainAnswersDuplicate,
      ],
      [{ answers: [{ userId: bo.id, choice: 'date', extra: 1 }] }, msg.meetAgainAnswerInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await a.put(url(ev.id), body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const nul = await a.put(url(ev.id), { answers: [{ userId: 'x\u0000y', choice: 'date' }] });
    expect(nul.statusCode).toBe(400);
    const huge = await a.put(url(ev.id), {
      answers: Array.from({ length: 501 }, (_, i) => ({ userId: `u${i}`, choice: 'no' })),
    });
    expect(huge.statusCode).toBe(400);
  });

  it('lists only other checked-in, reachable participants, with the caller own answers', async () => {
    const gone = await buildUser(t.db, { firstName: 'Gone', deletedAt: new Date() });
    const off = await buildUser(t.db, { firstName: 'Off', meetAgainEnabled: false });
    const blocker = await buildUser(t.db, { firstName: 'Blocker' });
    const ev = await eventWith([anna, bo, cilla, gone, off, blocker]);
    await buildRegistration(t.db, {
      eventId: ev.id,
      userId: dan.id,
      status: 'registered',
      attendance: 'no_show',
    });
    // A block either way hides the two from each other.
    expect((await (await t.as(blocker)).post('/api/blocks', { userId: anna.id })).statusCode).toBe(201);

    const res = await a.get(url(ev.id));
    expect(res.statusCode).toBe(200);
    const body = res.json() as MeetAgain;
    expect(body.open).toBe(true);
    expect(body.enabled).toBe(true);
    expect(new Date(body.opensAt).getTime()).toBe(ev.endTime.getTime());
    expect(new Date(body.closesAt).getTime()).toBe(ev.endTime.getTime() + 7 * DAY);
    expect(body.people.map((p) => p.user.id).sort()).toEqual([bo.id, cilla.id].sort());
    expect(body.people.every((p) => p.choice === null && p.match === null)).toBe(true);
    // Only public fields leave.
    expect(Object.keys(body.people[0].user).sort()).toEqual(
      ['firstName', 'fullName', 'id', 'lastName', 'profileImageId', 'profileImageUrl', 'username'].sort(),
    );

    // Anyone not in that list: one 400 for all, never a hint whether they exist.
    for (const id of [gone.id, off.id, blocker.id, dan.id, anna.id, 'no-such-member', adminUser.id]) {
      const put = await answer(a, ev.id, id, 'date');
      expect(put.statusCode, id).toBe(400);
      expect(put.json().message).toBe(msg.meetAgainUnknownPerson);
    }
    // Nothing of a refused request was stored (one bad answer refuses the whole PUT).
    const mixed = await a.put(url(ev.id), {
      answers: [
        { userId: bo.id, choice: 'date' },
        { userId: 'no-such-member', choice: 'date' },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(await t.db.select().from(meetAgainAnswers).where(eq(meetAgainAnswers.eventId, ev.id))).toEqual([]);
  });

  it('is closed before the event ends and 7 days after (409), and the GET lists nobody then', async () => {
    const running = await pastEvent(t, -HOUR);
    const old = await pastEvent(t, 7 * DAY + HOUR);
    for (const ev of [running, old]) {
      await checkIn(t, ev.id, anna.id);
      await checkIn(t, ev.id, bo.id);
    }
    const early = await answer(a, running.id, bo.id, 'date');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(msg.meetAgainNotYetOpen);
    const late = await answer(a, old.id, bo.id, 'date');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(msg.meetAgainClosed);
    for (const ev of [running, old]) {
      const body = (await a.get(url(ev.id))).json() as MeetAgain;
      expect(body.open).toBe(false);
      expect(body.people).toEqual([]);
    }
  });

  it.each([
    ['date', 'date', 'date'],
    ['date', 'buddy', 'buddy'],
    ['buddy', 'date', 'buddy'],
    ['buddy', 'buddy', 'buddy'],
    ['date', 'no', null],
    ['no', 'buddy', null],
    ['no', 'no', null],
    ['date', null, null],
  ] as const)('%s + %s makes %s', async (first, second, kind) => {
    const ev = await eventWith([anna, bo]);
    expect((await answer(a, ev.id, bo.id, first)).statusCode).toBe(200);
    if (second) expect((await answer(b, ev.id, anna.id, second)).statusCode).toBe(200);
    const rows = await t.db.select().from(meetAgainMatches).where(eq(meetAgainMatches.eventId, ev.id));
    expect(rows.map((r) => r.kind)).toEqual(kind ? [kind] : []);
    const mine = (await matchesOf(a)).filter((m) => m.event.id === ev.id);
    const theirs = (await matchesOf(b)).filter((m) => m.event.id === ev.id);
    expect(mine.map((m) => [m.kind, m.member.id])).toEqual(kind ? [[kind, bo.id]] : []);
    expect(theirs.map((m) => [m.kind, m.member.id])).toEqual(kind ? [[kind, anna.id]] : []);
    // The GET shows the match on both sides, and each side only their own answer.
    const aView = ((await a.get(url(ev.id))).json() as MeetAgain).people.find((p) => p.user.id === bo.id)!;
    const bView = ((await b.get(url(ev.id))).json() as MeetAgain).people.find((p) => p.user.id === anna.id)!;
    expect(aView).toMatchObject({ choice: first, match: kind });
    expect(bView).toMatchObject({ choice: second, match: kind });
  });

  it('never reveals a one-sided answer or a no: to the other member, a third member, an admin, any export', async () => {
    const since = new Date();
    const ev = await eventWith([anna, bo, cilla]);
    // Anna: 'Dejt' about Bo (one-sided), 'Nej tack' about Cilla. Cilla: 'Golfkompis' about Anna.
    const put = await a.put(url(ev.id), {
      answers: [
        { userId: bo.id, choice: 'date' },
        { userId: cilla.id, choice: 'no' },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect((await answer(c, ev.id, anna.id, 'buddy')).statusCode).toBe(200);

    for (const [client, me] of [
      [b, bo],
      [c, cilla],
    ] as const) {
      const view = (await client.get(url(ev.id))).json() as MeetAgain;
      const aboutAnna = view.people.find((p) => p.user.id === anna.id)!;
      expect(aboutAnna.match).toBeNull();
      expect(aboutAnna.choice).toBe(me.id === cilla.id ? 'buddy' : null);
      expect(JSON.stringify(view)).not.toMatch(/"no"/);
      expect((await matchesOf(client)).filter((m) => m.event.id === ev.id)).toEqual([]);
    }
    // Anna's view: her own answers only.
    const annaView = (await a.get(url(ev.id))).json() as MeetAgain;
    expect(annaView.people.find((p) => p.user.id === cilla.id)).toMatchObject({ choice: 'no', match: null });
    // No notice of anything, to anyone.
    const notices = await t.db.select().from(notifications).where(eq(notifications.type, 'meet_again_match'));
    expect(notices.filter((n) => n.createdAt >= since)).toEqual([]);
    expect(await t.db.select().from(meetAgainMatches).where(eq(meetAgainMatches.eventId, ev.id))).toEqual([]);

    // An admin: not checked in (403), and no admin screen, export or log carries an answer.
    expect((await admin.get(url(ev.id))).statusCode).toBe(403);
    const adminPages = [
      `/api/events/${ev.id}/registrations`,
      `/api/admin/events/${ev.id}/export.csv?list=participants`,
      `/api/admin/events/${ev.id}/export.csv?list=rooms`,
      `/api/admin/events/${ev.id}/export.csv?list=payments`,
      '/api/admin/audit',
      '/api/admin/users',
      '/api/admin/emails',
      '/api/admin/stats',
      `/api/users/${anna.id}`,
    ];
    for (const page of adminPages) {
      const res = await admin.get(page);
      expect(res.statusCode, page).toBeLessThan(300);
      expect(res.body, page).not.toMatch(/meet.?again|Dejt|Golfkompis|Nej tack|"buddy"|"choice"/i);
    }
    expect((await t.db.select().from(auditLog)).filter((r) => /meet/i.test(r.action))).toEqual([]);

    // Bo's own data export holds no answer about him; Anna's holds her own.
    const boZip = unzipSync(new Uint8Array((await b.get('/api/me/export')).rawPayload));
    const boData = JSON.parse(new TextDecoder().decode(boZip['meet-again.json']));
    expect(boData.answers.filter((x: { eventId: number }) => x.eventId === ev.id)).toEqual([]);
    const boNotices = JSON.parse(new TextDecoder().decode(boZip['notifications.json'])) as {
      createdAt: string;
    }[];
    expect(boNotices.filter((n) => new Date(n.createdAt) >= since)).toEqual([]);
    const annaZip = unzipSync(new Uint8Array((await a.get('/api/me/export')).rawPayload));
    const annaData = JSON.parse(new TextDecoder().decode(annaZip['meet-again.json']));
    expect(
      annaData.answers
        .filter((x: { eventId: number }) => x.eventId === ev.id)
        .map((x: { aboutUserId: string; choice: string }) => [x.aboutUserId, x.choice])
        .sort(),
    ).toEqual(
      [
        [bo.id, 'date'],
        [cilla.id, 'no'],
      ].sort(),
    );
  });

  it('notifies both of a match with a text that names neither the member nor the kind', async () => {
    const ev = await eventWith([anna, dan]);
    await answer(a, ev.id, dan.id, 'date');
    await answer(d, ev.id, anna.id, 'date');
    const [match] = await t.db.select().from(meetAgainMatches).where(eq(meetAgainMatches.eventId, ev.id));
    const rows = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'meet_again_match'),
          eq(notifications.dedupeKey, `meet_again_match:${match.id}`),
        ),
      );
    expect(rows.map((r) => r.userId).sort()).toEqual([anna.id, dan.id].sort());
    for (const r of rows) {
      expect(r.url).toBe('/matchningar');
      expect(`${r.title} ${r.body}`).not.toMatch(/Anna|Dan|Dejt|dejt|Golfkompis/);
    }
    // The bell lists it.
    const bell = await d.get('/api/notifications');
    expect(JSON.stringify(bell.json())).toContain('Du har en ny matchning');
    // A match is final: the answer cannot be changed, the same answer again is fine.
    const change = await answer(a, ev.id, dan.id, 'no');
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(msg.meetAgainAlreadyMatched);
    expect((await answer(a, ev.id, dan.id, 'date')).statusCode).toBe(200);
    expect(
      await t.db.select().from(meetAgainMatches).where(eq(meetAgainMatches.eventId, ev.id)),
    ).toHaveLength(1);
  });

  it('clears an answer with choice null', async () => {
    const ev = await eventWith([anna, bo]);
    await answer(a, ev.id, bo.id, 'buddy');
    expect((await answer(a, ev.id, bo.id, null)).json().people[0].choice).toBeNull();
    await answer(b, ev.id, anna.id, 'buddy');
    expect(await t.db.select().from(meetAgainMatches).where(eq(meetAgainMatches.eventId, ev.id))).toEqual([]);
  });

  it('a block deletes every answer and match between the two at once', async () => {
    const eva = await buildUser(t.db, { firstName: 'Eva' });
    const fia = await buildUser(t.db, { firstName: 'Fia' });
    const [e, f] = await Promise.all([t.as(eva), t.as(fia)]);
    const one = await eventWith([eva, fia, anna]);
    const two = await eventWith([eva, fia]);
    await answer(e, one.id, fia.id, 'buddy');
    await answer(f, one.id, eva.id, 'date');
    await answer(e, two.id, fia.id, 'no');
    await answer(e, one.id, anna.id, 'date');
    const pair = or(
      and(eq(meetAgainAnswers.fromUserId, eva.id), eq(meetAgainAnswers.aboutUserId, fia.id)),
      and(eq(meetAgainAnswers.fromUserId, fia.id), eq(meetAgainAnswers.aboutUserId, eva.id)),
    );
    expect(await t.db.select().from(meetAgainAnswers).where(pair)).toHaveLength(3);
    expect((await matchesOf(e)).map((m) => m.member.id)).toEqual([fia.id]);

    expect((await f.post('/api/blocks', { userId: eva.id })).statusCode).toBe(201);
    expect(await t.db.select().from(meetAgainAnswers).where(pair)).toEqual([]);
    expect(await matchesOf(e)).toEqual([]);
    expect(await matchesOf(f)).toEqual([]);
    // Answers about others stay; the two no longer see each other.
    expect(
      await t.db.select().from(meetAgainAnswers).where(eq(meetAgainAnswers.fromUserId, eva.id)),
    ).toHaveLength(1);
    expect(((await e.get(url(one.id))).json() as MeetAgain).people.map((p) => p.user.id)).toEqual([anna.id]);
  });

  it('a member who turns it off is neither asked nor listed, and their one-sided answers are not used', async () => {
    const gun = await buildUser(t.db, { firstName: 'Gun' });
    const hans = await buildUser(t.db, { firstName: 'Hans' });
    const [g, h] = await Promise.all([t.as(gun), t.as(hans)]);
    const ev = await eventWith([gun, hans]);
    await answer(g, ev.id, hans.id, 'date');

    const off = await g.put('/api/me/privacy', {
      hiddenFromDirectory: false,
      whoCanMessage: 'members',
      meetAgain: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ hiddenFromDirectory: false, whoCanMessage: 'members', meetAgain: false });
    expect((await g.get('/api/me/privacy')).json().meetAgain).toBe(false);
    // A PUT without the field keeps it.
    await g.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'members' });
    expect((await g.get('/api/me/privacy')).json().meetAgain).toBe(false);

    const gView = (await g.get(url(ev.id))).json() as MeetAgain;
    expect(gView).toMatchObject({ enabled: false, people: [] });
    const gPut = await answer(g, ev.id, hans.id, 'buddy');
    expect(gPut.statusCode).toBe(403);
    expect(gPut.json().message).toBe(msg.meetAgainDisabled);
    expect(((await h.get(url(ev.id))).json() as MeetAgain).people).toEqual([]);
    const hPut = await answer(h, ev.id, gun.id, 'date');
    expect(hPut.statusCode).toBe(400);
    expect(await t.db.select().from(meetAgainMatches).where(eq(meetAgainMatches.eventId, ev.id))).toEqual([]);

    // On again: listed again, and a mutual answer then matches.
    await g.put('/api/me/privacy', { hiddenFromDirectory: false, whoCanMessage: 'members', meetAgain: true });
    expect((await answer(h, ev.id, gun.id, 'date')).statusCode).toBe(200);
    expect((await matchesOf(h)).map((m) => m.kind)).toEqual(['date']);
  });

  it('the job deletes the answers of closed windows, keeps matches and open windows, and is idempotent', async () => {
    const ivar = await buildUser(t.db, { firstName: 'Ivar' });
    const jon = await buildUser(t.db, { firstName: 'Jon' });
    const kim = await buildUser(t.db, { firstName: 'Kim' });
    const [i, j] = await Promise.all([t.as(ivar), t.as(jon)]);
    const closing = await eventWith([ivar, jon, kim], 6 * DAY);
    const fresh = await eventWith([ivar, jon], HOUR);
    await answer(i, closing.id, jon.id, 'buddy');
    await answer(j, closing.id, ivar.id, 'buddy'); // a match
    await answer(i, closing.id, kim.id, 'date'); // one-sided
    await answer(j, closing.id, kim.id, 'no');
    await answer(i, fresh.id, jon.id, 'date');

    const log = t.app.log;
    const of = (eventId: number) =>
      t.db.select().from(meetAgainAnswers).where(eq(meetAgainAnswers.eventId, eventId));
    // Before the window closes nothing goes.
    expect(await runMeetAgainCleanup({ db: t.db, log })).toBeGreaterThanOrEqual(0);
    expect(await of(closing.id)).toHaveLength(4);
    // Two days later the first window has closed.
    const later = new Date(Date.now() + 2 * DAY);
    expect(await runMeetAgainCleanup({ db: t.db, log }, later)).toBeGreaterThanOrEqual(4);
    expect(await of(closing.id)).toEqual([]);
    expect(await of(fresh.id)).toHaveLength(1);
    expect(await runMeetAgainCleanup({ db: t.db, log }, later)).toBe(0);
    expect((await matchesOf(i)).map((m) => [m.event.id, m.kind])).toEqual([[closing.id, 'buddy']]);
  });

  it('a deleted account takes its answers and matches with it', async () => {
    const lo = await buildUser(t.db, { firstName: 'Lo' });
    const mo = await buildUser(t.db, { firstName: 'Mo' });
    const [l, m] = await Promise.all([t.as(lo), t.as(mo)]);
    const ev = await eventWith([lo, mo]);
    await answer(l, ev.id, mo.id, 'buddy');
    await answer(m, ev.id, lo.id, 'buddy');
    expect(await matchesOf(m)).toHaveLength(1);
    const del = await l.deleteWith('/api/me', { confirm: true });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(await t.db.select().from(meetAgainAnswers).where(eq(meetAgainAnswers.eventId, ev.id))).toEqual([]);
    expect(await matchesOf(m)).toEqual([]);
  });

  it('golf-buddy matches are kept together by the ball-group generator', async () => {
    // Eight members of very different handicaps; two far apart become golf buddies at an earlier event.
    const field: User[] = [];
    for (let k = 0; k < 8; k++)
      field.push(await buildUser(t.db, { firstName: `Spelare${k}`, handicap: k * 6 }));
    const [low, high] = [field[0], field[7]];
    const earlier = await eventWith([low, high]);
    await answer(await t.as(low), earlier.id, high.id, 'buddy');
    await answer(await t.as(high), earlier.id, low.id, 'date');
    const next = await buildEvent(t.db);
    for (const m of field) {
      await buildRegistration(t.db, {
        eventId: next.id,
        userId: m.id,
        status: 'registered',
        handicap: m.handicap,
      });
    }
    const res = await admin.post(`/api/events/${next.id}/groups`, {});
    expect(res.statusCode, res.body).toBe(201);
    const groups = res.json().groups as { members: { userId: string }[] }[];
    const groupOf = (id: string) => groups.findIndex((g) => g.members.some((x) => x.userId === id));
    expect(groupOf(low.id)).toBeGreaterThanOrEqual(0);
    expect(groupOf(low.id)).toBe(groupOf(high.id));
    expect(res.json().figures.togetherPairs).toBe(1);
  });

  itOnPostgres('two simultaneous answers completing a pair make exactly one match', async () => {
    for (let round = 0; round < 8; round++) {
      const p = await buildUser(t.db, { firstName: `P${round}` });
      const q = await buildUser(t.db, { firstName: `Q${round}` });
      const ev = await eventWith([p, q]);
      const [pc, qc] = await Promise.all([t.as(p), t.as(q)]);
      const [r1, r2] = await Promise.all([answer(pc, ev.id, q.id, 'date'), answer(qc, ev.id, p.id, 'date')]);
      expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      const rows = await t.db.select().from(meetAgainMatches).where(eq(meetAgainMatches.eventId, ev.id));
      expect(rows.map((r) => r.kind)).toEqual(['date']);
      const notices = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.dedupeKey, `meet_again_match:${rows[0].id}`));
      expect(notices).toHaveLength(2);
    }
  });

  it('the match e-mails (through the real fan-out) and the admin e-mail page name neither member nor kind', async () => {
    const nils = await buildUser(t.db, { firstName: 'Nils', lastName: 'Nyberg' });
    const olga = await buildUser(t.db, { firstName: 'Olga', lastName: 'Olsson' });
    const ev = await eventWith([nils, olga]);
    await answer(await t.as(nils), ev.id, olga.id, 'date');
    await answer(await t.as(olga), ev.id, nils.id, 'buddy');
    const ctx = {
      db: t.db,
      mail: t.app.mail,
      unsubscribeKey: await unsubscribeKey(t.database),
      push: () => undefined,
      log: t.app.log,
    };
    await fanOutDue(ctx);
    const mails = (await t.db.select().from(outboundEmails)).filter((r) =>
      [nils.email, olga.email].includes(r.recipient),
    );
    expect(mails.map((m) => m.recipient).sort()).toEqual([nils.email, olga.email].sort());
    for (const m of mails) {
      expect(m.subject).toContain('Du har en ny matchning');
      // The greeting names the recipient; nothing names the other member or the kind.
      const other = m.recipient === nils.email ? /Olga|Olsson/ : /Nils|Nyberg/;
      const all = `${m.subject} ${m.textBody} ${m.htmlBody}`;
      expect(all).not.toMatch(other);
      expect(all).not.toMatch(/Dejt|Golfkompis/);
    }
    const page = await admin.get(`/api/admin/emails?recipient=${encodeURIComponent(nils.email!)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Du har en ny matchning');
    expect(page.body).not.toMatch(/Olga|Olsson|Dejt|Golfkompis/);
  });
});
