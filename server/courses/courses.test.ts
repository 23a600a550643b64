import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courseTees } from '../db/schema';
import { buildAdmin, buildCourse, buildUser, coursePayload } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

/** Courses and tees (issue 29): admins enter and edit them, members read them. */
describe('courses', () => {
  let t: TestContext;
  let asAdmin: TestClient;
  let asMember: TestClient;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const admin = await buildAdmin(t.db);
    adminId = admin.id;
    asAdmin = await t.as(admin);
    asMember = await t.as(await buildUser(t.db));
  });
  afterAll(() => t.close());

  it('keeps visitors out (401) and members out of the admin routes (403)', async () => {
    const { course } = await buildCourse(t.db);
    const admin = [
      ['get', '/api/admin/courses'],
      ['get', `/api/admin/courses/${course.id}`],
      ['post', '/api/admin/courses'],
      ['put', `/api/admin/courses/${course.id}`],
    ] as const;
    for (const [method, url] of admin) {
      const body = method === 'get' ? undefined : coursePayload();
      const visitor = await (method === 'get' ? t.anon.get(url) : t.anon[method](url, body));
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const member = await (method === 'get' ? asMember.get(url) : asMember[method](url, body));
      expect(member.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.anon.get('/api/courses')).statusCode).toBe(401);
  });

  it('stores a course with its tee and holes, audited, and shows it to admins and members', async () => {
    const payload = coursePayload(9);
    const res = await asAdmin.post('/api/admin/courses', payload);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: payload.name,
      club: 'Testklubbens GK',
      holes: 9,
      latitude: 59.33,
      tees: [
        {
          name: 'Gul',
          color: 'yellow',
          ratings: [
            { gender: 'male', par: 36, courseRating: 35.6, slope: 130 },
            { gender: 'female', par: 36, courseRating: 37.4, slope: 134 },
          ],
        },
      ],
    });
    expect(created.tees[0].holesData).toHaveLength(9);
    expect(created.tees[0].holesData[0]).toEqual({ number: 1, par: 4, strokeIndex: 3, lengthMeters: 280 });

    const one = await asAdmin.get(`/api/admin/courses/${created.id}`);
    expect(one.json()).toEqual(created);
    const list = (await asAdmin.get('/api/admin/courses')).json();
    expect(list.map((c: { id: number }) => c.id)).toContain(created.id);
    const forMembers = await asMember.get('/api/courses');
    expect(forMembers.statusCode).toBe(200);
    expect(forMembers.json().find((c: { id: number }) => c.id === created.id)).toEqual(created);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.create'), eq(auditLog.targetId, String(created.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, targetType: 'course' });
    expect(audit[0].details).toMatchObject({ name: payload.name, tees: ['Gul'] });
  });

  it('answers 400 with the Swedish message for a wrong stroke index, a wrong par sum and bad ratings', async () => {
    const wrongIndex = coursePayload(9);
    wrongIndex.tees[0].holesData[1].strokeIndex = 3;
    let res = await asAdmin.post('/api/admin/courses', wrongIndex);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Hcp-index 3 finns på flera hål: varje index 1–9 ska användas en gång');

    const wrongPar = coursePayload(18);
    wrongPar.tees[0].ratings[0].par = 71;
    res = await asAdmin.post('/api/admin/courses', wrongPar);
    expect(res.json().message).toBe('Par för teen ska vara summan av hålens par (72)');

    const badSlope = coursePayload(18);
    badSlope.tees[0].ratings[0].slope = 160;
    res = await asAdmin.post('/api/admin/courses', badSlope);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.slopeInvalid);

    for (const body of [null, [], 'x']) {
      res = await asAdmin.post('/api/admin/courses', JSON.stringify(body), {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(msg.jsonObjectExpected);
    }
    const huge = coursePayload(18);
    huge.tees[0].holesData = Array.from({ length: 5000 }, (_, i) => ({
      number: i + 1,
      par: 4,
      strokeIndex: 1,
      lengthMeters: 300,
    }));
    res = await asAdmin.post('/api/admin/courses', huge);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ange alla 18 hål för teen');
    res = await asAdmin.post('/api/admin/courses', coursePayload(18, { name: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(msg.nulCharacter);
  });

  it('answers 404 for an unknown course, and for a tee of another course', async () => {
    expect((await asAdmin.get('/api/admin/courses/999999')).statusCode).toBe(404);
    const res = await asAdmin.put('/api/admin/courses/999999', coursePayload());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(msg.courseNotFound);
    expect((await asAdmin.get('/api/admin/courses/abc')).statusCode).toBe(400);
    const a = await buildCourse(t.db);
    const b = await buildCourse(t.db);
    const stolen = coursePayload(18);
    stolen.tees[0] = { ...stolen.tees[0], id: b.tee.id } as (typeof stolen.tees)[number];
    const put = await asAdmin.put(`/api/admin/courses/${a.course.id}`, stolen);
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(msg.teeNotFound);
    const [untouched] = await t.db.select().from(courseTees).where(eq(courseTees.id, b.tee.id));
    expect(untouched.courseId).toBe(b.course.id);
  });

  it('edits a course: a tee sent with its id keeps it, new tees are added, left-out ones removed, names may swap', async () => {
    const created = (await asAdmin.post('/api/admin/courses', coursePayload(18))).json();
    const yellow = created.tees[0];
    const red = { ...yellow, id: undefined, name: 'Röd', color: 'red' };
    const withRed = (
      await asAdmin.put(`/api/admin/courses/${created.id}`, {
        ...coursePayload(18),
        name: 'Nytt namn',
        tees: [yellow, red],
      })
    ).json();
    expect(withRed.name).toBe('Nytt namn');
    expect(withRed.tees.map((x: { name: string }) => x.name)).toEqual(['Gul', 'Röd']);
    expect(withRed.tees[0].id).toBe(yellow.id);
    // Swap the names (the unique name index must not trip halfway), then drop the second tee.
    const [g, r] = withRed.tees;
    const swapped = await asAdmin.put(`/api/admin/courses/${created.id}`, {
      ...coursePayload(18),
      tees: [
        { ...g, name: 'Röd' },
        { ...r, name: 'Gul' },
      ],
    });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().tees.map((x: { id: number; name: string }) => [x.id, x.name])).toEqual([
      [g.id, 'Röd'],
      [r.id, 'Gul'],
    ]);
    const dropped = (
      await asAdmin.put(`/api/admin/courses/${created.id}`, { ...coursePayload(18), tees: [g] })
    ).json();
    expect(dropped.tees.map((x: { id: number }) => x.id)).toEqual([g.id]);
    expect(new Date(dropped.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updatedAt).getTime(),
    );
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.update'), eq(auditLog.targetId, String(created.id))));
    expect(audit).toHaveLength(3);
  });
});
