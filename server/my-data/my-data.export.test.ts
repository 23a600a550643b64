import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, messages, notifications, userBlocks } from '../db/schema';
import { buildEvent, buildPro, buildRegistration, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

const text = (files: Record<string, Uint8Array>, name: string) => new TextDecoder().decode(files[name]);
const parse = (files: Record<string, Uint8Array>, name: string) => JSON.parse(text(files, name));

/** GET /api/me/export: everything the site keeps about the caller, and nothing private of anyone else. */
describe('the data export', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('answers 401 to a visitor', async () => {
    expect((await t.anon.get('/api/me/export')).statusCode).toBe(401);
  });

  it("is a ZIP of the member's profile, registrations, messages, notices, payments and images", async () => {
    const me = await buildPro(t.db, {
      firstName: 'Greta',
      lastName: 'Export',
      email: 'greta.export@example.se',
    });
    const other = await buildUser(t.db, {
      firstName: 'Olof',
      lastName: 'Annan',
      email: 'olof.hemlig@example.se',
    });
    const stranger = await buildUser(t.db, { email: 'stranger.hemlig@example.se' });
    const event = await buildEvent(t.db, { title: 'Exportresan' });
    const reg = await buildRegistration(t.db, {
      eventId: event.id,
      userId: me.id,
      dietaryPreferences: 'Laktosfri',
      dietaryConsentAt: new Date(),
      paymentStatus: 'paid',
      amountPaid: 300,
      paidAt: new Date(),
    });
    await buildRegistration(t.db, {
      eventId: event.id,
      userId: other.id,
      dietaryPreferences: 'Olofs hemliga allergi',
    });
    await t.db.insert(messages).values([
      { senderId: me.id, receiverId: other.id, content: 'Hej Olof, från Greta' },
      { senderId: other.id, receiverId: me.id, content: 'Hej Greta, från Olof' },
      { senderId: other.id, receiverId: stranger.id, content: 'Olof till någon annan' },
      { senderId: me.id, eventId: event.id, isGroupMessage: true, content: 'Gretas inlägg i gruppchatten' },
      { senderId: other.id, eventId: event.id, isGroupMessage: true, content: 'Olofs inlägg i gruppchatten' },
    ]);
    await t.db.insert(notifications).values({
      userId: me.id,
      type: 'registration_confirmed',
      title: 'Anmälan bekräftad: Exportresan',
      body: 'Välkommen',
      url: `/events/${event.id}`,
    });
    await t.db.insert(userBlocks).values({ blockerId: me.id, blockedId: stranger.id });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const [picture] = await t.db
      .insert(images)
      .values({
        originalData: png,
        thumbnailData: png,
        mimeType: 'image/png',
        originalSize: png.length,
        thumbnailSize: png.length,
        width: 1,
        height: 1,
        entityType: 'user',
        entityId: me.id,
        uploadedBy: me.id,
      })
      .returning();

    const res = await (await t.as(me)).get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="singelgolf-mina-uppgifter-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      `images/${picture.id}.png`,
      'meet-again.json',
      'messages.json',
      'notifications.json',
      'payments.json',
      'photos.json',
      'profile.json',
      'registrations.json',
      'rides.json',
    ]);

    const profile = parse(files, 'profile.json');
    expect(profile.profile).toMatchObject({
      id: me.id,
      firstName: 'Greta',
      email: 'greta.export@example.se',
    });
    expect(profile.blockedMembers.map((b: { id: string }) => b.id)).toEqual([stranger.id]);

    const regs = parse(files, 'registrations.json');
    expect(regs).toHaveLength(1);
    expect(regs[0]).toMatchObject({
      id: reg.id,
      event: { title: 'Exportresan' },
      dietaryPreferences: 'Laktosfri',
    });

    const sent = parse(files, 'messages.json').map((m: { content: string; direction: string }) => [
      m.direction,
      m.content,
    ]);
    expect(sent).toEqual([
      ['sent', 'Hej Olof, från Greta'],
      ['received', 'Hej Greta, från Olof'],
      ['sent', 'Gretas inlägg i gruppchatten'],
    ]);

    expect(parse(files, 'notifications.json')[0]).toMatchObject({ title: 'Anmälan bekräftad: Exportresan' });
    expect(parse(files, 'payments.json').eventFees[0]).toMatchObject({
      amountPaid: 300,
      paymentStatus: 'paid',
    });
    expect(Buffer.from(files[`images/${picture.id}.png`])).toEqual(png);

    // Nothing private of anyone else: no other member's address, allergy or other conversations.
    const all = Object.keys(files)
      .filter((f) => f.endsWith('.json'))
      .map((f) => text(files, f))
      .join('\n');
    for (const secret of [
      'olof.hemlig@example.se',
      'stranger.hemlig@example.se',
      'Olofs hemliga allergi',
      'Olof till någon annan',
      'Olofs inlägg',
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});
