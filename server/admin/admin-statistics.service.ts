import { EVENT_STATUS_LABELS, type EventStatus } from '@common/options';
import { defaultStatsPeriod } from '@common/rules/stats-period';
import type { StatsEvent, StatsMonth, StatsPeriodQuery, StatsReport } from '@common/schemas/admin-statistics';
import { stockholmDate } from '@common/time';
import type { Db } from '../db/client';
import type { ExportTable } from '../exports/csv';
import { eventFigures, monthFigures, type StatsPeriodParams } from './admin-statistics.queries';

/** A share in per cent with one decimal (0 when there is nothing to share). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

const sum = <T>(list: T[], pick: (x: T) => number) => list.reduce((n, x) => n + pick(x), 0);

/** The period asked for, the last 12 months where a bound is missing. */
export function resolvePeriod(q: StatsPeriodQuery, now = new Date()): StatsPeriodParams {
  const fallback = defaultStatsPeriod(now);
  if (q.from && q.to) return { from: q.from, to: q.to };
  if (q.from) return { from: q.from, to: q.from > fallback.to ? q.from : fallback.to };
  if (q.to) return { from: q.to < fallback.from ? q.to : fallback.from, to: q.to };
  return fallback;
}

/**
 * 'Statistik och rapporter' for a period: each month's registrations, members and fees, each event's
 * fill rate, attendance and fees, and the sums. The database adds up; here only shares and sums of the
 * few rows it answers are made.
 */
export async function getStatsReport(db: Db, period: StatsPeriodParams): Promise<StatsReport> {
  const [monthRows, eventRows] = await Promise.all([monthFigures(db, period), eventFigures(db, period)]);
  const months: StatsMonth[] = monthRows.map(({ activeInPeriod: _, ...m }) => ({
    ...m,
    net: m.paid - m.refunded,
  }));
  const events: StatsEvent[] = eventRows.map((e) => ({
    ...e,
    startTime: new Date(e.startTime).toISOString(),
    fillRate: percent(e.registered, e.maxParticipants),
    net: e.paid - e.refunded,
  }));
  const paid = sum(months, (m) => m.paid);
  const refunded = sum(months, (m) => m.refunded);
  const places = sum(events, (e) => e.maxParticipants);
  const registered = sum(events, (e) => e.registered);
  return {
    ...period,
    months,
    events,
    totals: {
      registrations: sum(months, (m) => m.registrations),
      cancellations: sum(months, (m) => m.cancellations),
      newMembers: sum(months, (m) => m.newMembers),
      activeMembers: monthRows[0]?.activeInPeriod ?? 0,
      paid,
      refunded,
      net: paid - refunded,
      places,
      registered,
      fillRate: percent(registered, places),
      present: sum(events, (e) => e.present),
      noShow: sum(events, (e) => e.noShow),
    },
  };
}

/** The monthly table as the CSV file has it (Swedish headers, a sum row last). */
export function monthsTable(report: StatsReport): ExportTable {
  const t = report.totals;
  return {
    headers: [
      'Månad',
      'Nya anmälningar',
      'Avbokningar',
      'Nya medlemmar',
      'Aktiva medlemmar',
      'Betalt (kr)',
      'Återbetalt (kr)',
      'Netto (kr)',
    ],
    rows: [
      ...report.months.map((m) => [
        m.month,
        m.registrations,
        m.cancellations,
        m.newMembers,
        m.activeMembers,
        m.paid,
        m.refunded,
        m.net,
      ]),
      ['Totalt', t.registrations, t.cancellations, t.newMembers, t.activeMembers, t.paid, t.refunded, t.net],
    ],
  };
}

/** The per-event table as the CSV file has it (dates in Stockholm; titles neutralised by buildCsv). */
export function eventsTable(report: StatsReport): ExportTable {
  return {
    headers: [
      'Datum',
      'Evenemang',
      'Status',
      'Platser',
      'Anmälda',
      'Reservlista',
      'Fyllnadsgrad (%)',
      'Närvarande',
      'Uteblev',
      'Ej markerade',
      'Betalt (kr)',
      'Återbetalt (kr)',
      'Netto (kr)',
    ],
    rows: report.events.map((e) => [
      stockholmDate(new Date(e.startTime)),
      e.title,
      EVENT_STATUS_LABELS[e.status as EventStatus] ?? e.status,
      e.maxParticipants,
      e.registered,
      e.waitlisted,
      e.fillRate,
      e.present,
      e.noShow,
      e.unmarked,
      e.paid,
      e.refunded,
      e.net,
    ]),
  };
}
