import type { Month } from '@common/rules/stats-period';
import { SITE_TIME_ZONE } from '@common/time';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A period of whole Stockholm months, both ends included ('YYYY-MM'). */
export interface StatsPeriodParams {
  from: Month;
  to: Month;
}

/** One month's counts and sums, as the database adds them up. */
export interface MonthFiguresRow {
  month: string;
  registrations: number;
  cancellations: number;
  newMembers: number;
  activeMembers: number;
  paid: number;
  refunded: number;
  /** Members active at some time in the whole period (the same on every row). */
  activeInPeriod: number;
}

/**
 * The period's bounds as instants: midnight in Stockholm on the first day of `from`, and on the first day
 * of the month after `to` (the database knows the zone's summer time; the month string is validated).
 */
function bounds(p: StatsPeriodParams) {
  const tz = SITE_TIME_ZONE;
  return sql`select (${`${p.from}-01`}::timestamp at time zone ${tz}) as lo,
    ((${`${p.to}-01`}::timestamp + interval '1 month') at time zone ${tz}) as hi`;
}

/** The Stockholm month ('YYYY-MM') of a timestamptz column. */
const monthOf = (column: SQL) => sql`to_char(${column} at time zone ${SITE_TIME_ZONE}, 'YYYY-MM')`;

/**
 * Per Stockholm month of the period, every month listed even when empty: registrations made,
 * cancellations made, members joined, members active (registered for an event or wrote a message, direct
 * or in a group chat), event fees paid online (by payment time) and refunded (by refund time). One
 * statement; each table is read once over its time index and grouped by the database.
 */
export async function monthFigures(db: Db, p: StatsPeriodParams): Promise<MonthFiguresRow[]> {
  const result = await db.execute(sql`
    with b as (${bounds(p)}),
    months as (
      select to_char(m, 'YYYY-MM') as k
      from generate_series(${`${p.from}-01`}::timestamp, ${`${p.to}-01`}::timestamp, interval '1 month') m
    ),
    regs as (
      select ${monthOf(sql.raw('r.registered_at'))} as k, count(*)::int as n
      from event_registrations r, b where r.registered_at >= b.lo and r.registered_at < b.hi group by 1
    ),
    cancels as (
      select ${monthOf(sql.raw('r.cancelled_at'))} as k, count(*)::int as n
      from event_registrations r, b where r.cancelled_at >= b.lo and r.cancelled_at < b.hi group by 1
    ),
    joins as (
      select ${monthOf(sql.raw('u.created_at'))} as k, count(*)::int as n
      from users u, b where u.created_at >= b.lo and u.created_at < b.hi group by 1
    ),
    acts as (
      select r.user_id as uid, r.registered_at as at
      from event_registrations r, b where r.registered_at >= b.lo and r.registered_at < b.hi
      union all
      select m.sender_id, m.sent_at from messages m, b where m.sent_at >= b.lo and m.sent_at < b.hi
    ),
    active as (select ${monthOf(sql.raw('at'))} as k, count(distinct uid)::int as n from acts group by 1),
    paid as (
      select ${monthOf(sql.raw('r.paid_at'))} as k, sum(r.amount_paid)::int as n
      from event_registrations r, b
      where r.paid_at >= b.lo and r.paid_at < b.hi and r.amount_paid > 0 group by 1
    ),
    refunds as (
      select ${monthOf(sql.raw('f.created_at'))} as k, sum(f.amount)::int as n
      from registration_refunds f, b where f.created_at >= b.lo and f.created_at < b.hi group by 1
    )
    select months.k as "month",
      coalesce(regs.n, 0) as "registrations",
      coalesce(cancels.n, 0) as "cancellations",
      coalesce(joins.n, 0) as "newMembers",
      coalesce(active.n, 0) as "activeMembers",
      coalesce(paid.n, 0) as "paid",
      coalesce(refunds.n, 0) as "refunded",
      (select count(distinct uid)::int from acts) as "activeInPeriod"
    from months
      left join regs on regs.k = months.k
      left join cancels on cancels.k = months.k
      left join joins on joins.k = months.k
      left join active on active.k = months.k
      left join paid on paid.k = months.k
      left join refunds on refunds.k = months.k
    order by months.k
  `);
  return rows<MonthFiguresRow>(result);
}

/** One event's places, registrations, attendance and fees, as the database adds them up. */
export interface EventFiguresRow {
  id: number;
  title: string;
  startTime: Date | string;
  status: string;
  maxParticipants: number;
  registered: number;
  waitlisted: number;
  present: number;
  noShow: number;
  unmarked: number;
  paid: number;
  refunded: number;
}

/**
 * The events starting in the period, in start order, each with its live registrations (holding a place;
 * on the waitlist or offered one), the attendance marked for those holding a place, and the event fees
 * paid online and refunded over all its registrations, cancelled ones included (the money moved).
 */
export async function eventFigures(db: Db, p: StatsPeriodParams): Promise<EventFiguresRow[]> {
  const result = await db.execute(sql`
    with b as (${bounds(p)})
    select e.id, e.title, e.start_time as "startTime", e.status, e.max_participants as "maxParticipants",
      count(r.id) filter (where r.cancelled_at is null and r.status = 'registered')::int as "registered",
      count(r.id) filter (where r.cancelled_at is null and r.status in ('waitlisted', 'offered'))::int
        as "waitlisted",
      count(r.id) filter (where r.cancelled_at is null and r.status = 'registered' and r.attendance = 'present')::int
        as "present",
      count(r.id) filter (where r.cancelled_at is null and r.status = 'registered' and r.attendance = 'no_show')::int
        as "noShow",
      count(r.id) filter (where r.cancelled_at is null and r.status = 'registered' and r.attendance is null)::int
        as "unmarked",
      coalesce(sum(r.amount_paid), 0)::int as "paid",
      coalesce(sum(r.amount_refunded), 0)::int as "refunded"
    from events e
      cross join b
      left join event_registrations r on r.event_id = e.id
    where e.start_time >= b.lo and e.start_time < b.hi
    group by e.id
    order by e.start_time, e.id
  `);
  return rows<EventFiguresRow>(result);
}
