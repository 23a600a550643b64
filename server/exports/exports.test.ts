import { msg } from '@common/messages';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { buildAdmin, buildEvent, buildPro, buildRegistration } from '../test/factories';
import { createTestContext, type TestClient, type TestContext } from '../test/test-app';
import { newWorkbook, XlsxValueType } from './exceljs';

const BOM = '\uFEFF';
const EVIL_NAME = '=HYPERLINK("http://evil.example","klicka")';

describe('event exports (CSV and Excel)', () => {
  let t: TestContext;
  let admin: TestClient;
  let adminId: string;
  let member: TestClient;
  let eventId: number;

  const url = (format: 'csv' | 'xlsx', list: string, id = eventId) =>
    `/api/admin/events/${id}/export.${format}?list=${list}`;
  /** The CSV's lines without the BOM and the empty string after the last CRLF. */
  const csvLines = (body: string) => body.slice(1).split('\r\n').slice(0, -1);
  const exportAudits = () =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event.export'), eq(auditLog.targetId, String(eventId))))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    t = await createTestContext();
    const adminRow = await buildAdmin(t.db);
    adminId = adminRow.id;
    admin = await t.as(adminRow);
    const memberRow = await buildPro(t.db);
    member = await t.as(memberRow);
    eventId = (await buildEvent(t.db, { title: 'Höstresa till Båstad', price: 1200 })).id;

    const asa = await buildPro(t.db, {
      firstName: 'Åsa',
      lastName: 'Öberg',
      email: 'asa.oberg@example.se',
      handicap: 14.2,
      golfId: '850101-007',
      club: '+46 70 123 45 67',
      gender: 'female',
    });
    await buildRegistration(t.db, {
      eventId,
      userId: asa.id,
      paymentStatus: 'paid',
      amountPaid: 1200,
      paidAt: new Date('2030-05-02T08:15:00Z'),
      dietaryPreferences: 'Glutenfri',
      notes: 'Dubbelrum; gärna "havsutsikt"',
      roomWish: 'shared_with',
      roomMateName: '=Bo "Ek"',
    });
    const evil = await buildPro(t.db, {
      firstName: EVIL_NAME,
      lastName: 'Efternamn',
      email: 'evil@example.se',
      handicap: -2.5,
      gender: 'male',
    });
    await buildRegistration(t.db, {
      eventId,
      userId: evil.id,
      notes: '@SUM(1+1)',
      roomWish: 'single',
      dietaryPreferences: '-Laktosfri',
    });
    const bo = await buildPro(t.db, { firstName: 'Bo', lastName: 'Ek', email: 'bo.ek@example.se' });
    await buildRegistration(t.db, { eventId, userId: bo.id, status: 'waitlisted' });
    // Cancelled: one with a refunded payment (payments list only), one without money (in no list).
    const cia = await buildPro(t.db, { firstName: 'Cia', lastName: 'Refunderad' });
    await buildRegistration(t.db, {
      eventId,
      userId: cia.id,
      status: 'cancelled',
      cancelledAt: new Date(),
      paymentStatus: 'refunded',
      amountPaid: 1200,
      amountRefunded: 1200,
      paidAt: new Date('2030-05-01T10:00:00Z'),
    });
    const dan = await buildPro(t.db, { firstName: 'Dan', lastName: 'Avbokad' });
    await buildRegistration(t.db, { eventId, userId: dan.id, status: 'cancelled', cancelledAt: new Date() });
  });
  afterAll(() => t.close());

  it('answers 401 to visitors and 403 to members, 404 for an unknown event, 400 for an unknown list', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const anon = await t.anon.get(url(format, 'participants'));
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: msg.notLoggedIn });
      const res = await member.get(url(format, 'participants'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: msg.forbidden });
      const unknown = await admin.get(url(format, 'participants', 999999));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: msg.eventNotFound });
      for (const list of ['guests', '']) {
        const bad = await admin.get(url(format, list));
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ message: msg.exportListInvalid });
      }
      const missing = await admin.get(`/api/admin/events/${eventId}/export.${format}`);
      expect(missing.statusCode).toBe(400);
    }
    expect(await exportAudits()).toEqual([]);
  });

  it('exports the participants as CSV for Swedish Excel, neutralising formulas', async () => {
    const res = await admin.get(url('csv', 'participants'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hostresa-till-bastad-deltagare.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith(BOM)).toBe(true);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(body.endsWith('\r\n')).toBe(true);
    expect(
      body
        .split('\n')
        .slice(0, -1)
        .every((line) => line.endsWith('\r')),
    ).toBe(true);
    expect(csvLines(body)).toEqual([
      'Namn;E-post;Handicap;Golf-ID;Klubb;Status;Betalning;Att betala;Anteckningar',
      `"'${EVIL_NAME.replaceAll('"', '""')} Efternamn";evil@example.se;-2,5;;;Anmäld;Väntande;1200;'@SUM(1+1)`,
      'Bo Ek;bo.ek@example.se;;;;Reservlista;Väntande;0;',
      'Åsa Öberg;asa.oberg@example.se;14,2;850101-007;\'+46 70 123 45 67;Anmäld;Betald;0;"Dubbelrum; gärna ""havsutsikt"""',
    ]);
    // No text cell starts with a formula character (a negative handicap is a number, which cannot run).
    for (const line of csvLines(body)) {
      for (const cell of line.split(';').map((c) => c.replace(/^"/, ''))) {
        if (!/^-?\d+(,\d+)?$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it('exports dietary preferences (only members who gave some), the room list and payments', async () => {
    const dietary = await admin.get(url('csv', 'dietary'));
    expect(dietary.headers['content-disposition']).toBe(
      'attachment; filename="hostresa-till-bastad-kostpreferenser.csv"',
    );
    expect(csvLines(dietary.rawPayload.toString('utf8'))).toEqual([
      'Namn;Kostpreferenser',
      `"'${EVIL_NAME.replaceAll('"', '""')} Efternamn";'-Laktosfri`,
      'Åsa Öberg;Glutenfri',
    ]);

    const rooms = await admin.get(url('csv', 'rooms'));
    expect(csvLines(rooms.rawPayload.toString('utf8'))).toEqual([
      // The room wish chosen at registration, not the free-text notes; a typed name is neutralised too.
      // Issue 30: the room number first and the room-mates last (no rooms made here: empty).
      'Rum;Namn;Kön;Status;Rumsönskemål;Dela rum med;Rumskompisar',
      `;"'${EVIL_NAME.replaceAll('"', '""')} Efternamn";Man;Anmäld;Enkelrum;;`,
      ';Bo Ek;;Reservlista;;;',
      `;Åsa Öberg;Kvinna;Anmäld;Dela med namngiven medlem;"'=Bo ""Ek""";`,
    ]);

    const payments = await admin.get(url('csv', 'payments'));
    const lines = csvLines(payments.rawPayload.toString('utf8'));
    expect(lines).toEqual([
      'Namn;Status;Betalning;Betalt;Återbetalt;Netto;Att betala;Betald den',
      `"'${EVIL_NAME.replaceAll('"', '""')} Efternamn";Anmäld;Väntande;0;0;0;1200;`,
      'Bo Ek;Reservlista;Väntande;0;0;0;0;',
      'Cia Refunderad;Avbokad;Återbetalad;1200;1200;0;0;2030-05-01 12:00',
      'Åsa Öberg;Anmäld;Betald;1200;0;1200;0;2030-05-02 10:15',
      'Summa;;;2400;1200;1200;1200;',
    ]);
    expect(lines.some((l) => l.startsWith('Dan Avbokad'))).toBe(false);
  });

  it('exports the same lists as Excel: text cells neutralised (never formulas), numbers as numbers', async () => {
    const res = await admin.get(url('xlsx', 'participants'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hostresa-till-bastad-deltagare.xlsx"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const workbook = newWorkbook();
    await workbook.xlsx.load(res.rawPayload);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Deltagarlista');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values.slice(1)).toEqual([
      'Namn',
      'E-post',
      'Handicap',
      'Golf-ID',
      'Klubb',
      'Status',
      'Betalning',
      'Att betala',
      'Anteckningar',
    ]);
    const evil = sheet.getRow(2);
    expect(evil.getCell(1).value).toBe(`'${EVIL_NAME} Efternamn`);
    expect(evil.getCell(1).type).toBe(XlsxValueType.String);
    expect(evil.getCell(3).value).toBe(-2.5);
    expect(evil.getCell(3).type).toBe(XlsxValueType.Number);
    expect(evil.getCell(9).value).toBe("'@SUM(1+1)");
    const asa = sheet.getRow(4);
    expect(asa.getCell(1).value).toBe('Åsa Öberg');
    expect(asa.getCell(5).value).toBe("'+46 70 123 45 67");
    expect(asa.getCell(8).value).toBe(0);
    for (let row = 1; row <= sheet.rowCount; row++) {
      for (let col = 1; col <= 9; col++) {
        const cell = sheet.getRow(row).getCell(col);
        expect(cell.type).not.toBe(XlsxValueType.Formula);
        if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
      }
    }

    const payments = await admin.get(url('xlsx', 'payments'));
    await workbook.xlsx.load(payments.rawPayload);
    const paySheet = workbook.worksheets[0];
    expect(paySheet.name).toBe('Betalningar');
    expect(paySheet.getRow(4).values.slice(1)).toEqual([
      'Cia Refunderad',
      'Avbokad',
      'Återbetalad',
      1200,
      1200,
      0,
      0,
      '2030-05-01 12:00',
    ]);
    expect(paySheet.getRow(6).values.slice(1)).toEqual([
      'Summa',
      undefined,
      undefined,
      2400,
      1200,
      1200,
      1200,
    ]);
    expect(paySheet.getRow(6).font?.bold).toBe(true);
  });

  it('records every export in the audit log with its list and format', async () => {
    const rows = await exportAudits();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.actorId === adminId && r.targetType === 'event')).toBe(true);
    expect(rows.map((r) => r.details)).toEqual([
      { list: 'participants', format: 'csv', rows: 3 },
      { list: 'dietary', format: 'csv', rows: 2 },
      { list: 'rooms', format: 'csv', rows: 3 },
      { list: 'payments', format: 'csv', rows: 4 },
      { list: 'participants', format: 'xlsx', rows: 3 },
      { list: 'payments', format: 'xlsx', rows: 4 },
    ]);
  });
});
