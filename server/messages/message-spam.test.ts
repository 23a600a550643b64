import { msg } from '@common/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, reports } from '../db/schema';
import { buildAdmin, buildUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/test-app';

/** The direct-message spam limit (issue 15, server/messages/message-spam.ts). */
describe('direct-message spam limit', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('refuses an 11th new conversation within the hour (429) but not replies, and flags near-same first messages', async () => {
    const spammer = await buildUser(t.db, { firstName: 'Sam', lastName: 'Spammare' });
    const s = await t.as(spammer);
    const friends = await Promise.all(Array.from({ length: 11 }, () => buildUser(t.db)));
    for (const [i, f] of friends.slice(0, 10).entries()) {
      const res = await s.post('/api/messages', {
        receiverId: f.id,
        content: `Hej! Köp billiga golfklubbor på example.com, rabattkod ${i}`,
      });
      expect(res.statusCode, `message ${i}`).toBe(201);
    }
    const over = await s.post('/api/messages', { receiverId: friends[10].id, content: 'Hej där' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(msg.newConversationLimit);
    expect(over.headers['retry-after']).toBeDefined();
    // Nothing stored for the refused one; writing again in a started conversation is fine.
    const stored = await t.db.select().from(messages).where(eq(messages.receiverId, friends[10].id));
    expect(stored).toEqual([]);
    expect(
      (await s.post('/api/messages', { receiverId: friends[0].id, content: 'Svarar du?' })).statusCode,
    ).toBe(201);
    // A member who was written to may answer, whatever the sender's limit.
    expect(
      (await (await t.as(friends[1])).post('/api/messages', { receiverId: spammer.id, content: 'Nej tack' }))
        .statusCode,
    ).toBe(201);

    const flags = await t.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetUserId, spammer.id), eq(reports.reason, 'spam')));
    expect(flags).toHaveLength(1);
    expect(flags[0].reporterId).toBeNull();
    expect((flags[0].snapshot as { samples: string[] }).samples.length).toBeGreaterThanOrEqual(5);
    const admin = await t.as(await buildAdmin(t.db));
    const queue = (await admin.get('/api/admin/reports?status=open')).json();
    expect(queue.items.find((r: { id: number }) => r.id === flags[0].id)).toMatchObject({
      reporter: null,
      targetUser: { id: spammer.id },
    });
  });

  it('does not flag different first messages, and never limits admins', async () => {
    const member = await buildUser(t.db);
    const m = await t.as(member);
    const texts = [
      'Hej, spelar du på Bro Hof?',
      'Tack för rundan i lördags!',
      'Vilken klubb är du med i?',
      'Ses vi på resan till Spanien?',
      'Grattis till birdien!',
      'Har du bokat tid till helgen?',
    ];
    for (const content of texts) {
      expect(
        (await m.post('/api/messages', { receiverId: (await buildUser(t.db)).id, content })).statusCode,
      ).toBe(201);
    }
    expect(await t.db.select().from(reports).where(eq(reports.targetUserId, member.id))).toEqual([]);
    const admin = await buildAdmin(t.db);
    const ad = await t.as(admin);
    for (let i = 0; i < 12; i++) {
      expect(
        (
          await ad.post('/api/messages', {
            receiverId: (await buildUser(t.db)).id,
            content: 'Välkommen till Singelgolf!',
          })
        ).statusCode,
      ).toBe(201);
    }
  });
});
