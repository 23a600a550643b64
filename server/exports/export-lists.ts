import {
  type ExportList,
  GENDER_LABELS,
  PAYMENT_STATUS_LABELS,
  REGISTRATION_STATUS_LABELS,
  ROOM_WISH_LABELS,
} from '@common/options';
import { displayName } from '@common/rules/display-name';
import { paymentFigures } from '@common/rules/payment-figures';
import { stockholmClock, stockholmDate } from '@common/time';
import type { ExportTable } from './csv';
import type { ExportEvent, ExportRow } from './exports.queries';

const nameOf = (r: ExportRow) => displayName({ ...r, id: r.userId });
const collator = new Intl.Collator('sv', { sensitivity: 'base' });
const byName = (a: ExportRow, b: ExportRow) => collator.compare(nameOf(a), nameOf(b)) || a.id - b.id;
const text = (v: string | null) => (v?.trim() ? v.trim() : null);

/** What the member still owes (SEK): see paymentFigures. */
export const amountOutstanding = (event: Pick<ExportEvent, 'price'>, r: ExportRow): number =>
  paymentFigures(event.price, r).due;

/** "2030-06-01 09:10" in Swedish time. */
const dateTime = (at: Date | null) => (at ? `${stockholmDate(at)} ${stockholmClock(at)}` : null);

/**
 * The table of one list, by name (Swedish order). `rows` are the live registrations; for `payments`
 * also the cancelled ones with money involved (listExportRows with `withMoney`).
 * - participants: the whole registration (no telephone: the site does not ask members for one);
 * - dietary: only the members who gave something (stored only with their consent);
 * - rooms: gender, status and the room wish chosen at registration (or changed since), with the name
 *   of the member to share with;
 * - payments: what was paid, refunded, kept and is still due, with a totals row.
 */
export function buildExportTable(list: ExportList, event: ExportEvent, rows: ExportRow[]): ExportTable {
  const sorted = [...rows].sort(byName);
  switch (list) {
    case 'participants':
      return {
        headers: [
          'Namn',
          'E-post',
          'Handicap',
          'Golf-ID',
          'Klubb',
          'Status',
          'Betalning',
          'Att betala',
          'Anteckningar',
        ],
        rows: sorted.map((r) => [
          nameOf(r),
          text(r.email),
          r.handicap,
          text(r.golfId),
          text(r.club),
          REGISTRATION_STATUS_LABELS[r.status],
          PAYMENT_STATUS_LABELS[r.paymentStatus],
          amountOutstanding(event, r),
          text(r.notes),
        ]),
      };
    case 'dietary':
      return {
        headers: ['Namn', 'Kostpreferenser'],
        rows: sorted
          .filter((r) => text(r.dietaryPreferences))
          .map((r) => [nameOf(r), text(r.dietaryPreferences)]),
      };
    case 'rooms':
      return roomsTable(sorted);
    case 'payments':
      return paymentsTable(event, sorted);
  }
}

/**
 * The rooms list (issue 30): the organiser's rooming first, room by room (a room's members by name),
 * with each member's room-mates; then those without a room. A room counts only members with a place.
 */
function roomsTable(sorted: ExportRow[]): ExportTable {
  const inRoom = (r: ExportRow) => (r.status === 'registered' ? r.roomNumber : null);
  const ordered = [...sorted].sort((a, b) => {
    const ra = inRoom(a) ?? Number.POSITIVE_INFINITY;
    const rb = inRoom(b) ?? Number.POSITIVE_INFINITY;
    return ra === rb ? 0 : ra - rb;
  });
  return {
    headers: ['Rum', 'Namn', 'Kön', 'Status', 'Rumsönskemål', 'Dela rum med', 'Rumskompisar'],
    rows: ordered.map((r) => {
      const room = inRoom(r);
      const mates =
        room === null ? [] : ordered.filter((o) => o.id !== r.id && inRoom(o) === room).map((o) => nameOf(o));
      return [
        room,
        nameOf(r),
        r.gender ? GENDER_LABELS[r.gender] : null,
        REGISTRATION_STATUS_LABELS[r.status],
        r.roomWish ? ROOM_WISH_LABELS[r.roomWish] : null,
        text(r.roomMateName),
        mates.length ? text(mates.join(', ')) : null,
      ];
    }),
  };
}

/**
 * The payments list: per registration paid, refunded, kept (paid − refunded) and due, from the same
 * figures the site shows, and a last row 'Summa' with the column totals.
 */
function paymentsTable(event: ExportEvent, sorted: ExportRow[]): ExportTable {
  const totals = { paid: 0, refunded: 0, net: 0, due: 0 };
  const rows = sorted.map((r) => {
    const f = paymentFigures(event.price, r);
    totals.paid += f.paid;
    totals.refunded += f.refunded;
    totals.net += f.net;
    totals.due += f.due;
    return [
      nameOf(r),
      REGISTRATION_STATUS_LABELS[r.status],
      PAYMENT_STATUS_LABELS[r.paymentStatus],
      f.paid,
      f.refunded,
      f.net,
      f.due,
      dateTime(r.paidAt),
    ];
  });
  return {
    headers: ['Namn', 'Status', 'Betalning', 'Betalt', 'Återbetalt', 'Netto', 'Att betala', 'Betald den'],
    rows,
    footer: ['Summa', null, null, totals.paid, totals.refunded, totals.net, totals.due, null],
  };
}

/** The event title as a file name part: lower case ASCII words joined by '-' ('Höstresa till Båstad' → 'hostresa-till-bastad'). */
export function titleSlug(title: string, eventId: number): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || `event-${eventId}`;
}
