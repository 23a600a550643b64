import { z } from 'zod';
import { monthsBetween, STATS_PERIOD_MAX_MONTHS } from '../rules/stats-period';

const month = (label: string) =>
  z
    .string({ error: `${label} måste anges som ÅÅÅÅ-MM` })
    .regex(/^(19|20|21)\d\d-(0[1-9]|1[0-2])$/, { error: `${label} måste anges som ÅÅÅÅ-MM` });

/**
 * The period of 'Statistik och rapporter' (GET /api/admin/stats/report and its CSV files): from and to
 * month, both included; without them the last 12 months.
 */
export const statsPeriodQuerySchema = z
  .object({ from: month('Från-månad').optional(), to: month('Till-månad').optional() })
  .refine((q) => !q.from || !q.to || monthsBetween(q.from, q.to) >= 1, {
    error: 'Från-månaden måste vara före eller samma som till-månaden',
  })
  .refine((q) => !q.from || !q.to || monthsBetween(q.from, q.to) <= STATS_PERIOD_MAX_MONTHS, {
    error: `Välj en period på högst ${STATS_PERIOD_MAX_MONTHS} månader`,
  });
export type StatsPeriodQuery = z.infer<typeof statsPeriodQuerySchema>;

/** One month of the period (Stockholm months). Amounts in whole kronor. */
export const statsMonthSchema = z.object({
  month: z.string(),
  /** Registrations made in the month (whatever became of them), and cancellations made in it. */
  registrations: z.number().int(),
  cancellations: z.number().int(),
  /** Members who joined in the month; members who registered for an event or wrote a message in it. */
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  /** Event fees paid online in the month, refunds made in it, and what is left (paid − refunded). */
  paid: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});
export type StatsMonth = z.infer<typeof statsMonthSchema>;

/** One event starting in the period. */
export const statsEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  startTime: z.string(),
  status: z.string(),
  maxParticipants: z.number().int(),
  /** Live registrations holding a place, and those on the waitlist (offered included). */
  registered: z.number().int(),
  waitlisted: z.number().int(),
  /** registered / maxParticipants in per cent, one decimal. */
  fillRate: z.number(),
  /** Attendance the organiser marked: present, no-show, and registered members not marked. */
  present: z.number().int(),
  noShow: z.number().int(),
  unmarked: z.number().int(),
  /** Event fees paid online for the event, refunded of them, and what is left. */
  paid: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});
export type StatsEvent = z.infer<typeof statsEventSchema>;

/** GET /api/admin/stats/report: the period, its months and events, and the sums. */
export const statsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(statsMonthSchema),
  events: z.array(statsEventSchema),
  totals: z.object({
    registrations: z.number().int(),
    cancellations: z.number().int(),
    newMembers: z.number().int(),
    /** Members active at some time in the period (each counted once, not the sum of the months). */
    activeMembers: z.number().int(),
    paid: z.number().int(),
    refunded: z.number().int(),
    net: z.number().int(),
    /** Over the period's events: places, registered members, fill rate in per cent, attendance. */
    places: z.number().int(),
    registered: z.number().int(),
    fillRate: z.number(),
    present: z.number().int(),
    noShow: z.number().int(),
  }),
});
export type StatsReport = z.infer<typeof statsReportSchema>;
