import { msg } from '@common/messages';
import { ageFromBirthDate } from '@common/rules/age';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, users } from '../db/schema';
import { buildAdmin, buildUser, profileFormPayload } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

const profile = profileFormPayload;

async function insertImage(t: TestContext, entityId: string, uploadedBy: string, entityType = 'profile') {
  const [row] = await t.db
    .insert(images)
    .values({
      originalData: Buffer.from('x'),
      thumbnailData: Buffer.from('x'),
      mimeType: 'image/webp',
      originalSize: 1,
      thumbnailSize: 1,
      width: 1,
      height: 1,
      entityType,
      entityId,
      uploadedBy,
    })
    .returning({ id: images.id });
  return row.id;
}

describe('PUT /api/users/{id}', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor and 403 to another member, changing nothing', async () => {
    const owner = await buildUser(t.db);
    expect((await t.anon.put(`/api/users/${owner.id}`, profile())).statusCode).toBe(401);
    const stranger = await t.as(await buildUser(t.db));
    const res = await stranger.put(`/api/users/${owner.id}`, profile());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: msg.forbidden });
    const [after] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(after).toEqual(owner);
  });

  it.each([
    [{ firstName: 'G', lastName: '' }, msg.fullNameMin],
    [{ email: 'greta-at-example' }, msg.emailInvalid],
    [{ handicap: -10.5 }, msg.handicapMin],
    [{ handicap: '54.5' }, msg.handicapMax],
    [{ handicap: 3.25 }, msg.handicapDecimals],
    [{ golfId: '' }, msg.golfIdRequired],
    [{ club: '  ' }, msg.clubRequired],
    [{ gender: null }, msg.genderRequired],
    [{ birthDate: '' }, msg.birthDateRequired],
    [{ civilStatus: '' }, msg.civilStatusRequired],
    [{ children: '' }, msg.childrenRequired],
    [{ profession: '' }, msg.professionRequired],
    [{ dream: '' }, msg.dreamRequired],
    [{ location: '' }, msg.locationRequired],
    [{ interests: '' }, msg.interestsRequired],
    [{ birthDate: `${new Date().getFullYear() - 17}-06-01` }, msg.ageMin],
    [{ birthDate: '1890-01-01' }, msg.ageMax],
    [{ meetupInterests: ['Fika', 'Resor'] }, msg.meetupInterestsMin],
    [{ meetupInterests: ['Fika', 'Resor', 'Bowling'] }, msg.optionInvalid],
    [{ lookingFor: [] }, msg.lookingForMin],
    [{ lookingFor: ['Golfbil'] }, msg.optionInvalid],
  ])('answers 400 for %j with the spec message and changes nothing', async (change, message) => {
    const owner = await buildUser(t.db);
    const c = await t.as(owner);
    const res = await c.put(`/api/users/${owner.id}`, profile(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [after] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(after).toEqual(owner);
  });

  it('saves the profile, derives fullName and age, nulls an empty handicap', async () => {
    const owner = await buildUser(t.db);
    const c = await t.as(owner);
    const res = await c.put(`/api/users/${owner.id}`, profile({ handicap: '' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fullName).toBe('Greta Golf');
    expect(body.age).toBe(ageFromBirthDate('1985-01-01'));
    expect(body.handicap).toBeNull();
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({
      fullName: 'Greta Golf',
      age: ageFromBirthDate('1985-01-01'),
      birthDate: '1985-01-01',
      handicap: null,
      club: 'Östersund-Frösö GK',
      civilStatus: 'divorced',
      lifeCircumstance: null,
      meetupInterests: ['Fika', 'Resor', 'Film'],
      lookingFor: ['Partner', 'Resekompis'],
      hasGolfstarMembership: true,
    });
    const again = await c.put(`/api/users/${owner.id}`, profile({ handicap: 14.2, age: 30 }));
    expect(again.json().handicap).toBe(14.2);
    expect(again.json().age).toBe(ageFromBirthDate('1985-01-01'));
  });

  it('never lets a member change their role, membership or Stripe ids, nor take another’s e-mail', async () => {
    const owner = await buildUser(t.db);
    const other = await buildUser(t.db);
    const c = await t.as(owner);
    const res = await c.put(
      `/api/users/${owner.id}`,
      profile({
        role: 'admin',
        membershipType: 'pro',
        stripeCustomerId: 'cus_x',
        subscriptionStatus: 'active',
      }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({
      role: 'member',
      membershipType: 'free',
      stripeCustomerId: null,
      subscriptionStatus: null,
    });

    // Another member's address is answered like a free one (no address oracle) but never becomes this one's.
    const taken = await c.put(`/api/users/${owner.id}`, profile({ email: other.email!.toUpperCase() }));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ email: row.email, pendingEmail: other.email!.toLowerCase() });
    const [still] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(still.email).toBe(row.email);
    const [holder] = await t.db.select().from(users).where(eq(users.id, other.id));
    expect(holder.email).toBe(other.email);
  });

  it('lets an admin edit another member', async () => {
    const owner = await buildUser(t.db);
    const admin = await t.as(await buildAdmin(t.db));
    const res = await admin.put(`/api/users/${owner.id}`, profile({ firstName: 'Admina' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().fullName).toBe('Admina Golf');
    expect((await admin.put('/api/users/nobody', profile())).statusCode).toBe(404);
  });
});

describe('PATCH /api/users/{id}/profile-image', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401, 403, 400 and 409 for an unknown or foreign image, changing nothing', async () => {
    const owner = await buildUser(t.db);
    const url = `/api/users/${owner.id}/profile-image`;
    const imageId = await insertImage(t, owner.id, owner.id);
    expect((await t.anon.patch(url, { profileImageId: imageId })).statusCode).toBe(401);
    const stranger = await buildUser(t.db);
    expect((await (await t.as(stranger)).patch(url, { profileImageId: imageId })).statusCode).toBe(403);

    const c = await t.as(owner);
    const unknown = await c.patch(url, { profileImageId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: msg.profileImageNotFound });
    const notUuid = await c.patch(url, { profileImageId: 'abc' });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toBe(msg.profileImageNotFound);
    const strangersImage = await insertImage(t, stranger.id, stranger.id);
    expect(await c.patch(url, { profileImageId: strangersImage })).toMatchObject({ statusCode: 409 });
    const strangersUpload = await insertImage(t, 'pending', stranger.id);
    const refused = await c.patch(url, { profileImageId: strangersUpload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: msg.imageNotYours });
    const eventImage = await insertImage(t, '12', owner.id, 'event');
    expect((await c.patch(url, { profileImageId: eventImage })).statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row.profileImageId).toBeNull();
  });

  it('sets the avatar (a pending upload becomes the member’s) and removes it with null', async () => {
    const owner = await buildUser(t.db);
    const c = await t.as(owner);
    const imageId = await insertImage(t, 'pending', owner.id);
    const res = await c.patch(`/api/users/${owner.id}/profile-image`, { profileImageId: imageId });
    expect(res.statusCode).toBe(200);
    expect(res.json().profileImageId).toBe(imageId);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.id));
    expect(row.profileImageId).toBe(imageId);
    const [image] = await t.db
      .select({ entityId: images.entityId })
      .from(images)
      .where(eq(images.id, imageId));
    expect(image.entityId).toBe(owner.id);

    const removed = await c.patch(`/api/users/${owner.id}/profile-image`, { profileImageId: null });
    expect(removed.json().profileImageId).toBeNull();
  });
});
