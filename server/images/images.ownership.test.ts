import { msg } from '@common/messages';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../auth/users.presenter';
import type { Db } from '../db/client';
import { events, images, users } from '../db/schema';
import { buildAdmin, buildEvent, buildUser, eventFormPayload } from '../test/factories';
import { itOnPostgres } from '../test/postgres-only';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { attachImage } from './images.service';
import { smallJpeg, uploadImage } from './images.test-helpers';

/** A valid event form whose image is `imageId`. */
const eventPayload = (imageId: string | null) => eventFormPayload({ imageId });

/**
 * Only the uploader attaches a pending image (issue: anyone who learned an image id
 * could put it on their own profile or an event), an attached image stays with its
 * entity, and a pending image is shown only to its uploader.
 */
describe('image ownership', () => {
  let t: TestContext;
  let admin: UserRow;
  let otherAdmin: UserRow;
  let owner: UserRow;
  let stranger: UserRow;
  let asAdmin: TestClient;
  let asOtherAdmin: TestClient;
  let asOwner: TestClient;
  let asStranger: TestClient;

  /** Uploads an image and answers its id. */
  const upload = async (c: TestClient, entityType: 'event' | 'profile', entityId = 'pending') => {
    const res = await uploadImage(c, { entityType, entityId }, await smallJpeg());
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const imageRow = async (id: string) =>
    (
      await t.db
        .select({ entityType: images.entityType, entityId: images.entityId, uploadedBy: images.uploadedBy })
        .from(images)
        .where(eq(images.id, id))
    )[0];
  /** Every row a refused attach could have touched. */
  const snapshot = async () => ({
    images: await t.db
      .select({ id: images.id, entityId: images.entityId, uploadedBy: images.uploadedBy })
      .from(images)
      .orderBy(asc(images.id)),
    users: await t.db
      .select({ id: users.id, profileImageId: users.profileImageId, updatedAt: users.updatedAt })
      .from(users)
      .orderBy(asc(users.id)),
    events: await t.db
      .select({ id: events.id, imageId: events.imageId, title: events.title })
      .from(events)
      .orderBy(asc(events.id)),
  });
  const expectRefused = (res: { statusCode: number; json(): unknown }, status: number, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await buildAdmin(t.db);
    otherAdmin = await buildAdmin(t.db);
    owner = await buildUser(t.db);
    stranger = await buildUser(t.db);
    asAdmin = await t.as(admin);
    asOtherAdmin = await t.as(otherAdmin);
    asOwner = await t.as(owner);
    asStranger = await t.as(stranger);
  });
  afterAll(() => t.close());

  it('records the uploader of every upload', async () => {
    const profileImage = await upload(asOwner, 'profile');
    const ownProfileImage = await upload(asOwner, 'profile', owner.id);
    const eventImage = await upload(asAdmin, 'event');
    expect(await imageRow(profileImage)).toEqual({
      entityType: 'profile',
      entityId: 'pending',
      uploadedBy: owner.id,
    });
    expect((await imageRow(ownProfileImage)).uploadedBy).toBe(owner.id);
    expect(await imageRow(eventImage)).toEqual({
      entityType: 'event',
      entityId: 'pending',
      uploadedBy: admin.id,
    });
  });

  describe('profile image', () => {
    it("refuses another member's pending upload (403), for the member and for an admin, changing nothing", async () => {
      const strangers = await upload(asStranger, 'profile');
      const before = await snapshot();
      const url = `/api/users/${owner.id}/profile-image`;
      expectRefused(await asOwner.patch(url, { profileImageId: strangers }), 403, msg.imageNotYours);
      expectRefused(await asAdmin.patch(url, { profileImageId: strangers }), 403, msg.imageNotYours);
      // PATCH .../entity names the image in its path: one the caller may not see is not found there.
      expectRefused(
        await asOwner.patch(`/api/images/${strangers}/entity`, { entityId: owner.id }),
        404,
        msg.imageNotFound,
      );
      expect(await snapshot()).toEqual(before);
      expect(await imageRow(strangers)).toMatchObject({ entityId: 'pending', uploadedBy: stranger.id });
    });

    it('accepts the own pending upload; it then belongs to the member and nobody else can take it', async () => {
      const own = await upload(asOwner, 'profile');
      const res = await asOwner.patch(`/api/users/${owner.id}/profile-image`, { profileImageId: own });
      expect(res.statusCode).toBe(200);
      expect(res.json().profileImageId).toBe(own);
      expect((await imageRow(own)).entityId).toBe(owner.id);

      const before = await snapshot();
      const strangerUrl = `/api/users/${stranger.id}/profile-image`;
      expectRefused(await asStranger.patch(strangerUrl, { profileImageId: own }), 409, msg.imageInUse);
      expectRefused(await asAdmin.patch(strangerUrl, { profileImageId: own }), 409, msg.imageInUse);
      expectRefused(
        await asAdmin.patch(`/api/images/${own}/entity`, { entityId: stranger.id }),
        409,
        msg.imageInUse,
      );
      expect(await snapshot()).toEqual(before);
    });

    it("an admin sets a member's avatar from the admin's own upload or the member's own image", async () => {
      const member = await buildUser(t.db);
      const url = `/api/users/${member.id}/profile-image`;
      const adminsUpload = await upload(asAdmin, 'profile');
      expect((await asAdmin.patch(url, { profileImageId: adminsUpload })).statusCode).toBe(200);
      expect((await imageRow(adminsUpload)).entityId).toBe(member.id);
      const membersOwn = await upload(await t.as(member), 'profile', member.id);
      const res = await asAdmin.patch(url, { profileImageId: membersOwn });
      expect(res.statusCode).toBe(200);
      expect(res.json().profileImageId).toBe(membersOwn);
    });
  });

  describe('event image', () => {
    const countEvents = async () => (await t.db.select({ id: events.id }).from(events)).length;

    it("refuses another admin's pending upload on create and on update (403), changing nothing", async () => {
      const others = await upload(asOtherAdmin, 'event');
      const event = await buildEvent(t.db);
      const before = await snapshot();
      expectRefused(await asAdmin.post('/api/events', eventPayload(others)), 403, msg.imageNotYours);
      expectRefused(
        await asAdmin.put(`/api/events/${event.id}`, eventPayload(others)),
        403,
        msg.imageNotYours,
      );
      // PATCH .../entity names the image in its path: one the caller may not see is not found there.
      expectRefused(
        await asAdmin.patch(`/api/images/${others}/entity`, { entityId: String(event.id) }),
        404,
        msg.imageNotFound,
      );
      expect(await snapshot()).toEqual(before);
      expect(await imageRow(others)).toMatchObject({ entityId: 'pending', uploadedBy: otherAdmin.id });
    });

    it("refuses a member's profile upload as an event image", async () => {
      const profileImage = await upload(asAdmin, 'profile');
      const before = await countEvents();
      expectRefused(await asAdmin.post('/api/events', eventPayload(profileImage)), 400, msg.imageNotFound);
      expect(await countEvents()).toBe(before);
    });

    it("accepts the admin's own upload on create (the client's follow-up link too); no other event can take it", async () => {
      const own = await upload(asAdmin, 'event');
      const created = await asAdmin.post('/api/events', eventPayload(own));
      expect(created.statusCode).toBe(201);
      const eventId = created.json().id as number;
      expect(created.json().imageId).toBe(own);
      expect((await imageRow(own)).entityId).toBe(String(eventId));
      // The event form links the image after creating (PATCH .../entity): already there, fine.
      expect(
        (await asAdmin.patch(`/api/images/${own}/entity`, { entityId: String(eventId) })).statusCode,
      ).toBe(200);

      const other = await buildEvent(t.db);
      const before = await snapshot();
      expectRefused(await asAdmin.post('/api/events', eventPayload(own)), 409, msg.imageInUse);
      expectRefused(
        await asOtherAdmin.put(`/api/events/${other.id}`, eventPayload(own)),
        409,
        msg.imageInUse,
      );
      expectRefused(
        await asAdmin.patch(`/api/images/${own}/entity`, { entityId: String(other.id) }),
        409,
        msg.imageInUse,
      );
      expect(await snapshot()).toEqual(before);
    });

    it("on update accepts the editing admin's own pending upload and an image uploaded for this event", async () => {
      const event = await buildEvent(t.db);
      const pending = await upload(asOtherAdmin, 'event');
      const res = await asOtherAdmin.put(`/api/events/${event.id}`, eventPayload(pending));
      expect(res.statusCode).toBe(200);
      expect(res.json().imageId).toBe(pending);
      expect((await imageRow(pending)).entityId).toBe(String(event.id));

      const forThisEvent = await upload(asOtherAdmin, 'event', String(event.id));
      const again = await asAdmin.put(`/api/events/${event.id}`, eventPayload(forThisEvent));
      expect(again.statusCode).toBe(200);
      expect(again.json().imageId).toBe(forThisEvent);
    });

    // Two requests overlap only on PostgreSQL; PGlite runs one transaction at a time.
    itOnPostgres('one pending image sent with two events at once goes to one of them only', async () => {
      const own = await upload(asAdmin, 'event');
      const before = await countEvents();
      const answers = await Promise.all([
        asAdmin.post('/api/events', eventPayload(own)),
        asAdmin.post('/api/events', eventPayload(own)),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await countEvents()).toBe(before + 1);
      const withImage = await t.db.select({ id: events.id }).from(events).where(eq(events.imageId, own));
      expect(withImage).toHaveLength(1);
      expect((await imageRow(own)).entityId).toBe(String(withImage[0].id));
    });
  });

  // On PGlite the second transaction would wait for the first whatever the lock (one connection).
  itOnPostgres(
    'holds the image row while attaching: a second attach waits, then finds the image taken',
    async () => {
      const own = await upload(asAdmin, 'event');
      const [first, second] = [await buildEvent(t.db), await buildEvent(t.db)];
      const attach = (tx: Db, eventId: number) =>
        attachImage(tx, {
          imageId: own,
          entityType: 'event',
          entityId: String(eventId),
          actor: admin,
          notFound: msg.imageNotFound,
        });
      let release = () => {};
      let attached = () => {};
      const firstAttached = new Promise<void>((resolve) => {
        attached = resolve;
      });
      const firstDone = t.db.transaction(async (tx) => {
        await attach(tx, first.id);
        attached();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await firstAttached;
      const secondDone = t.db.transaction((tx) => attach(tx, second.id));
      const secondResult = secondDone.then(
        () => 'attached',
        (err: { status?: number }) => err.status,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      release();
      await firstDone;
      expect(await secondResult).toBe(409);
      expect((await imageRow(own)).entityId).toBe(String(first.id));
    },
  );

  it('PATCH /api/images/{id}/entity does not send an image back to pending', async () => {
    const own = await upload(asOwner, 'profile', owner.id);
    expectRefused(
      await asOwner.patch(`/api/images/${own}/entity`, { entityId: 'pending' }),
      400,
      msg.imageEntityInvalid,
    );
    expect((await imageRow(own)).entityId).toBe(owner.id);
  });

  it('serves a pending image only to its uploader; once attached it is public', async () => {
    const own = await upload(asOwner, 'profile');
    for (const variant of ['original', 'thumbnail']) {
      const url = `/api/images/${own}/${variant}`;
      for (const c of [t.anon, asStranger, asAdmin]) {
        expectRefused(await c.get(url), 404, msg.imageNotFound);
      }
      const mine = await asOwner.get(url);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      const etag = String(mine.headers.etag);
      expectRefused(await asStranger.get(url, { 'if-none-match': etag }), 404, msg.imageNotFound);
      expect((await asOwner.get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    }

    expect(
      (await asOwner.patch(`/api/users/${owner.id}/profile-image`, { profileImageId: own })).statusCode,
    ).toBe(200);
    const seen = await t.anon.get(`/api/images/${own}/original`);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
