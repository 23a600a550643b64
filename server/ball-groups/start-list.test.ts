import { msg } from '@common/messages';
import type { BallGroup } from '@common/schemas/ball-groups';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { pdfText } from '../test/pdf-text';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';

const PLAYERS = [
  ['Åsa', 'Öberg', 3.4],
  ['Märta', 'Ängström', 12],
  ['Örjan', 'Åkesson', 22.5],
  ['Lukas', 'Ström', null],
  ['Bo', 'Ek', -1.2],
  ['Zoë', 'Løvstad', 36],
] as const;

describe('GET /api/admin/events/{id}/start-list.pdf', () => {
  let t: TestContext;
  let admin: TestClient;
  let member: TestClient;
  let eventId: number;
  const url = (id = eventId) => `/api/admin/events/${id}/start-list.pdf`;

  beforeAll(async () => {
    t = await createTestContext();
    const adminRow = await buildAdmin(t.db);
    admin = await t.as(adminRow);
    const start = new Date('2030-06-01T08:00:00+02:00');
    eventId = (
      await buildEvent(t.db, {
        title: 'Sommargolf på Bjäre',
        location: 'Båstad GK, Norra banan',
        startTime: start,
        endTime: new Date(start.getTime() + 6 * 3_600_000),
      })
    ).id;
    for (const [firstName, lastName, handicap] of PLAYERS) {
      // Lukas has no Golf-ID in his profile: the one he gave when registering is used.
      const noProfileId = firstName === 'Lukas';
      const u = await buildPro(t.db, {
        firstName,
        lastName,
        handicap,
        golfId: noProfileId ? null : `GID${firstName}`,
        club: firstName === 'Zoë' ? null : `${lastName} GK`,
      });
      await buildRegistration(t.db, { eventId, userId: u.id, golfId: noProfileId ? 'REG77' : null });
      if (!member) member = await t.as(u);
    }
    expect((await admin.post(`/api/events/${eventId}/groups`, {})).statusCode).toBe(201);
    const res = await admin.post(`/api/events/${eventId}/groups/tee-times`, {
      firstTeeTime: '09:00',
      intervalMinutes: 8,
      mode: 'interval',
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('answers 401 to visitors, 403 to members and 404 for an unknown event', async () => {
    const anon = await t.anon.get(url());
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: msg.notLoggedIn });
    const res = await member.get(url());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: msg.forbidden });
    const unknown = await admin.get(url(999999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: msg.eventNotFound });
  });

  it('is an A4 PDF with the event, each group with tee time and starting hole, and its players with handicap, Golf-ID and club', async () => {
    const res = await admin.get(url());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sommargolf-pa-bjare-startlista.pdf"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A4 is 595.28 × 841.89 points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/);

    const text = pdfText(pdf);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Startlista – Sommargolf på Bjäre');
    expect(lines[1]).toBe('lördag 1 juni 2030 · Båstad GK, Norra banan');

    const groups = (await admin.get(`/api/events/${eventId}/groups`)).json() as BallGroup[];
    expect(groups).toHaveLength(2);
    for (const [i, g] of groups.entries()) {
      const heading = `Starttid ${['09:00', '09:08'][i]} · Hål 1 · ${g.name}`;
      expect(lines).toContain(heading);
      // The group's players follow its heading, each with the handicap on the next line.
      const at = lines.indexOf(heading);
      for (const m of g.members) {
        const row = lines.indexOf(m.name, at);
        expect(row).toBeGreaterThan(at);
        const hcp =
          m.handicap === null
            ? '–'
            : // A plus handicap (an index below zero) is written '+1,2', never with a minus.
              `${m.handicap < 0 ? '+' : ''}${Math.abs(m.handicap).toLocaleString('sv-SE', { minimumFractionDigits: 1 })}`;
        expect(lines[row + 1]).toBe(hcp);
        // Then the Golf-ID and the club, as the starter checks them ('–' when not given). The IDs here
        // have no '-': the PDF writes the parts of a hyphenated word as separate runs.
        const first = m.name.split(' ')[0];
        expect(lines[row + 2]).toBe(first === 'Lukas' ? 'REG77' : `GID${first}`);
        expect(lines[row + 3]).toBe(first === 'Zoë' ? '–' : `${m.name.split(' ')[1]} GK`);
      }
    }
    for (const [firstName, lastName] of PLAYERS) expect(text).toContain(`${firstName} ${lastName}`);
    // Swedish format: decimal comma, and a plus handicap written '+1,2', not '−1,2'.
    expect(text).toContain('+1,2');
    expect(text).not.toContain('\u22121,2');
  });

  it('records the download in the audit log', async () => {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.export'), eq(auditLog.targetId, String(eventId))));
    expect(rows.map((r) => r.details)).toEqual([{ list: 'start-list', format: 'pdf' }]);
  });
});
