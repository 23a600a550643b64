import type { HandicapBand } from '@common/options';
import { type BandBounds, HANDICAP_BAND_BOUNDS } from '@common/rules/handicap-band';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface MemberFigures {
  total: number;
  male: number;
  female: number;
  other: number;
  unknownGender: number;
  hcpNone: number;
  hcp0to5: number;
  hcp6to10: number;
  hcp11to15: number;
  hcp16to20: number;
  hcp21plus: number;
  age21to30: number;
  age31to40: number;
  age41to50: number;
  age51to60: number;
  age61plus: number;
  thisMonth: number;
  lastMonth: number;
  pro: number;
  active: number;
  /** Direct messages received in the last 30 days, and how many the receiver answered (wrote back afterwards). */
  received: number;
  answered: number;
  /** Places of upcoming events, and how many are taken (registered, not waitlisted). */
  capacity: number;
  registered: number;
}

/** The figures of the second query of memberFigures. */
type ActivityCounts = Pick<MemberFigures, 'active' | 'received' | 'answered' | 'capacity' | 'registered'>;

/** Birth-date limits of the age buckets: born after `from` and on or before `to` (YYYY-MM-DD). */
export interface AgeCutoffs {
  c21: string;
  c31: string;
  c41: string;
  c51: string;
  c61: string;
}

/** The date `years` before today (YYYY-MM-DD), 29 February becoming the 28th in common years. */
export function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number);
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Someone born on or before cN is at least N years old today (the rule of common/rules/age.ts). */
export function ageCutoffs(today: string): AgeCutoffs {
  return {
    c21: yearsBefore(today, 21),
    c31: yearsBefore(today, 31),
    c41: yearsBefore(today, 41),
    c51: yearsBefore(today, 51),
    c61: yearsBefore(today, 61),
  };
}

/** The figure each directory handicap band is counted into. */
export const HANDICAP_BAND_FIGURES: Record<Exclude<HandicapBand, 'all'>, keyof MemberFigures> = {
  '0-5': 'hcp0to5',
  '6-10': 'hcp6to10',
  '11-15': 'hcp11to15',
  '16-20': 'hcp16to20',
  '21+': 'hcp21plus',
};

/** A bound as an SQL literal: the bounds are constants of common/, never input, so no parameter is needed. */
const bound = (n: number) => {
  if (!Number.isFinite(n)) throw new Error(`handicap band bound ${n} is not a number`);
  return sql.raw(String(n));
};

/** The SQL condition of one band, written from its bounds in common/rules/handicap-band.ts (one definition). */
export function handicapBandCondition({ min, maxExclusive }: BandBounds): SQL {
  const parts = [sql`handicap is not null`];
  if (min != null) parts.push(sql`handicap >= ${bound(min)}`);
  if (maxExclusive != null) parts.push(sql`handicap < ${bound(maxExclusive)}`);
  return sql.join(parts, sql` and `);
}

/** One `count(*) filter (...)` column per directory band, named by HANDICAP_BAND_FIGURES. */
const handicapBandCounts = sql.join(
  Object.entries(HANDICAP_BAND_BOUNDS).map(
    ([band, bounds]) =>
      sql`count(*) filter (where ${handicapBandCondition(bounds)})::int as ${sql.identifier(HANDICAP_BAND_FIGURES[band as keyof typeof HANDICAP_BAND_FIGURES])}`,
  ),
  sql`,\n        `,
);

export interface MemberFiguresParams {
  /** Birth-date limits of the age buckets on today's date. */
  cut: AgeCutoffs;
  /** The instants this and last Stockholm month began. */
  thisMonth: Date;
  lastMonth: Date;
  /** The time the figures are counted at (30-day windows, upcoming events, live subscriptions). */
  now: Date;
}

/**
 * Every per-member figure in one pass over users: gender, handicap bands (the directory's, see
 * common/rules/handicap-band.ts), age buckets (from the birth date, else the age column), joins this and
 * last month (Stockholm months), Pro access; the members active in the last 30 days (registered, wrote a
 * message or updated the profile), the response rate's counts, and the upcoming events' places and
 * registered members.
 */
export async function memberFigures(db: Db, p: MemberFiguresParams): Promise<MemberFigures> {
  const { cut, thisMonth, lastMonth } = p;
  const now = sql`${p.now.toISOString()}::timestamptz`;
  const bucket = (after: string | null, upTo: string, min: number, max: number | null) =>
    after
      ? sql`(birth_date > ${after}::date and birth_date <= ${upTo}::date or birth_date is null and age between ${min} and ${max})`
      : sql`(birth_date <= ${upTo}::date or birth_date is null and age >= ${min})`;
  const [figures, active] = await Promise.all([
    db.execute(sql`
      select
        count(*)::int as "total",
        count(*) filter (where gender = 'male')::int as "male",
        count(*) filter (where gender = 'female')::int as "female",
        count(*) filter (where gender = 'other')::int as "other",
        count(*) filter (where gender is null)::int as "unknownGender",
        count(*) filter (where handicap is null)::int as "hcpNone",
        ${handicapBandCounts},
        count(*) filter (where ${bucket(cut.c31, cut.c21, 21, 30)})::int as "age21to30",
        count(*) filter (where ${bucket(cut.c41, cut.c31, 31, 40)})::int as "age31to40",
        count(*) filter (where ${bucket(cut.c51, cut.c41, 41, 50)})::int as "age41to50",
        count(*) filter (where ${bucket(cut.c61, cut.c51, 51, 60)})::int as "age51to60",
        count(*) filter (where ${bucket(null, cut.c61, 61, null)})::int as "age61plus",
        count(*) filter (where created_at >= ${thisMonth.toISOString()}::timestamptz)::int as "thisMonth",
        count(*) filter (
          where created_at >= ${lastMonth.toISOString()}::timestamptz and created_at < ${thisMonth.toISOString()}::timestamptz
        )::int as "lastMonth",
        count(*) filter (
          where role = 'admin' or (membership_type = 'pro' and (
            stripe_subscription_id is null
            or subscription_status in ('active', 'past_due')
            or (subscription_status = 'cancel_at_period_end' and subscription_period_end > ${now})
          ))
        )::int as "pro"
      from users
    `),
    db.execute(sql`
      with recent as (
        select sender_id, receiver_id, sent_at from messages
        where receiver_id is not null and sent_at >= ${now} - interval '30 days'
      )
      select
        (select count(*)::int from (
          select user_id from event_registrations where registered_at >= ${now} - interval '30 days'
          union
          select sender_id from recent
          union
          select id from users where updated_at >= ${now} - interval '30 days'
        ) a) as "active",
        (select count(*)::int from recent) as "received",
        (select coalesce(sum(max_participants), 0)::int from events where start_time > ${now}) as "capacity",
        (select count(*)::int from event_registrations r join events e on e.id = r.event_id
          where e.start_time > ${now} and r.status = 'registered') as "registered",
        (select count(*)::int from recent m where exists (
          select 1 from messages a
          where a.sender_id = m.receiver_id and a.receiver_id = m.sender_id and a.sent_at > m.sent_at
        )) as "answered"
    `),
  ]);
  return {
    ...rows<MemberFigures>(figures)[0],
    ...rows<ActivityCounts>(active)[0],
  };
}

export interface LiveFigures {
  upcoming: number;
  registrationsToday: number;
  unread: number;
}

/**
 * What changes by the minute, in one statement over indexes: the number of events starting after `now`,
 * registrations from `todayStart` (Stockholm midnight) up to `now` and unread direct messages.
 */
export async function liveFigures(db: Db, p: { todayStart: Date; now: Date }): Promise<LiveFigures> {
  const now = sql`${p.now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select
      (select count(*)::int from events where start_time > ${now}) as "upcoming",
      (select count(*)::int from event_registrations r
        where r.registered_at >= ${p.todayStart.toISOString()}::timestamptz and r.registered_at <= ${now})
        as "registrationsToday",
      (select count(*)::int from messages m where m.receiver_id is not null and m.read = false) as "unread"
  `);
  return rows<LiveFigures>(result)[0];
}

export interface ActivityRow {
  type: 'registration' | 'payment' | 'update' | 'join';
  sourceId: string;
  at: Date | string;
  eventId: number | null;
  eventTitle: string | null;
  userId: string;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageId: string | null;
  profileImageUrl: string | null;
}

/** The newest registrations, payments, profile updates and new members, `limit` of each, newest first. */
export async function recentActivityRows(db: Db, limit: number): Promise<ActivityRow[]> {
  const result = await db.execute(sql`
    select a.*, u.full_name as "fullName", u.first_name as "firstName", u.last_name as "lastName",
      u.profile_image_id as "profileImageId", u.profile_image_url as "profileImageUrl", e.title as "eventTitle"
    from (
      (select 'registration' as type, r.id::text as "sourceId", r.registered_at as at, r.event_id as "eventId",
        r.user_id as "userId"
       from event_registrations r order by r.registered_at desc limit ${limit})
      union all
      (select 'payment', r.id::text, r.payment_status_changed_at, r.event_id, r.user_id
       from event_registrations r
       where r.payment_status = 'paid' and r.payment_status_changed_at is not null
       order by r.payment_status_changed_at desc limit ${limit})
      union all
      (select 'update', u.id, u.updated_at, null::int, u.id
       from users u where u.updated_at > u.created_at + interval '1 minute'
       order by u.updated_at desc limit ${limit})
      union all
      (select 'join', u.id, u.created_at, null::int, u.id from users u order by u.created_at desc limit ${limit})
    ) a
    join users u on u.id = a."userId"
    left join events e on e.id = a."eventId"
    order by a.at desc, a.type, a."sourceId"
    limit ${limit}
  `);
  return rows<ActivityRow>(result);
}
