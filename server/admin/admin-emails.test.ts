import { msg } from '@common/messages';
import type { AdminEmail } from '@common/schemas/admin-emails';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../db/schema';
import { enqueueEmail } from '../email/outbox';
import { buildAdmin, buildUser } from '../test/factories';
import { createTestContext, TEST_ORIGIN, type TestClient, type TestContext } from '../test/test-app';

describe('GET /api/admin/emails', () => {
  let t: TestContext;
  let admin: TestClient;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // No SMTP_URL: every e-mail is captured, as on a fresh machine.
    t = await createTestContext();
    admin = await t.as(await buildAdmin(t.db));
    const reset = { firstName: 'Anna', url: `${TEST_ORIGIN}/reset-password?token=t1` };
    // Oldest first; created_at set apart so the order is certain.
    const specs = [
      { key: 'anna1', to: 'Anna.Berg@Example.com', template: 'password-reset' as const },
      { key: 'bo', to: 'bo_ek@example.com', template: 'password-reset' as const },
      { key: 'anna2', to: 'anna.berg@example.com', template: 'password-reset' as const },
      { key: 'cilla', to: 'cilla@example.com', template: 'password-reset' as const },
    ];
    let i = 0;
    for (const s of specs) {
      const id = await t.db.transaction((tx) =>
        enqueueEmail(tx, t.app.mail, { to: s.to, template: s.template, props: reset }),
      );
      await t.db
        .update(outboundEmails)
        .set({ createdAt: new Date(Date.now() - (10 - i++) * 60_000) })
        .where(eq(outboundEmails.id, id));
      ids[s.key] = id;
    }
    // One delivered and one that failed (as the sender would leave them).
    await t.db
      .update(outboundEmails)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(outboundEmails.id, ids.bo));
    await t.db
      .update(outboundEmails)
      .set({ status: 'failed', attempts: 8, lastError: 'EENVELOPE: 550 Ingen sådan brevlåda' })
      .where(eq(outboundEmails.id, ids.cilla));
  });
  afterAll(() => t.close());

  it('is in the OpenAPI document', async () => {
    const doc = (await t.anon.get('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toContain('/api/admin/emails');
  });

  it('answers 401 to visitors and 403 to members', async () => {
    expect((await t.anon.get('/api/admin/emails')).statusCode).toBe(401);
    const res = await (await t.as(await buildUser(t.db))).get('/api/admin/emails');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: msg.forbidden });
  });

  it('answers 400 with a Swedish message to a bad filter', async () => {
    const bad = await admin.get('/api/admin/emails?status=skickat');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Ogiltig status');
    const limit = await admin.get('/api/admin/emails?limit=1000');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toContain('limit måste vara 1–100');
    expect((await admin.get('/api/admin/emails?offset=-1')).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/emails?recipient=${'a'.repeat(321)}`)).statusCode).toBe(400);
  });

  it('lists every e-mail newest first with its bodies, total in X-Total-Count, never cached', async () => {
    const res = await admin.get('/api/admin/emails');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count']).toBe('4');
    const list = res.json() as AdminEmail[];
    expect(list.map((e) => e.id)).toEqual([ids.cilla, ids.anna2, ids.bo, ids.anna1]);
    expect(list[0]).toMatchObject({
      recipient: 'cilla@example.com',
      subject: 'Återställ ditt lösenord',
      template: 'password-reset',
      status: 'failed',
      attempts: 8,
      lastError: 'EENVELOPE: 550 Ingen sådan brevlåda',
      sentAt: null,
      nextAttemptAt: null,
    });
    expect(list[1]).toMatchObject({ status: 'captured', attempts: 0, lastError: null });
    // The link's code is hidden from admins (issue 28): only the recipient holds a working link.
    expect(list[1].text).toContain(`${TEST_ORIGIN}/reset-password?token=DOLD`);
    expect(list[1].html).toContain('href="http://localhost:5000/reset-password?token=DOLD"');
    expect(res.body).not.toContain('token=t1');
    expect(list[2].status).toBe('sent');
    expect(new Date(list[2].sentAt!).getTime()).toBeGreaterThan(0);
    // Only the fields the page shows: no headers, no lease.
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'html',
        'id',
        'lastError',
        'nextAttemptAt',
        'recipient',
        'sentAt',
        'status',
        'subject',
        'template',
        'text',
      ].sort(),
    );
  });

  it('filters by status and by part of the recipient in any case, and pages', async () => {
    const captured = await admin.get('/api/admin/emails?status=captured');
    expect((captured.json() as AdminEmail[]).map((e) => e.id)).toEqual([ids.anna2, ids.anna1]);
    expect(captured.headers['x-total-count']).toBe('2');

    const anna = await admin.get('/api/admin/emails?recipient=ANNA.berg');
    expect((anna.json() as AdminEmail[]).map((e) => e.id)).toEqual([ids.anna2, ids.anna1]);

    // LIKE wildcards in the search are taken literally.
    const percent = await admin.get(`/api/admin/emails?recipient=${encodeURIComponent('%')}`);
    expect(percent.json()).toEqual([]);
    const underscore = await admin.get('/api/admin/emails?recipient=_');
    expect((underscore.json() as AdminEmail[]).map((e) => e.id)).toEqual([ids.bo]);

    const both = await admin.get('/api/admin/emails?status=sent&recipient=anna');
    expect(both.json()).toEqual([]);
    expect(both.headers['x-total-count']).toBe('0');

    const page2 = await admin.get('/api/admin/emails?limit=2&offset=2');
    expect((page2.json() as AdminEmail[]).map((e) => e.id)).toEqual([ids.bo, ids.anna1]);
    expect(page2.headers['x-total-count']).toBe('4');
  });
});
