import { z } from 'zod';
import { AGE_BUCKETS } from '../options';

/** One line of the admin dashboard's recent activity (spec §3 'Activity'). */
export const activitySchema = z.object({
  id: z.string(),
  type: z.enum(['registration', 'payment', 'update', 'join']),
  eventTitle: z.string().nullable(),
  eventId: z.number().int().nullable(),
  timestamp: z.string(),
  user: z.object({ id: z.string(), fullName: z.string().nullable(), profileImage: z.string().nullable() }),
});
export type Activity = z.infer<typeof activitySchema>;

/** The five age buckets of the member statistics. */
export const ageDistributionSchema = z.object(
  Object.fromEntries(AGE_BUCKETS.map((b) => [b, z.number().int()])) as Record<
    (typeof AGE_BUCKETS)[number],
    z.ZodNumber
  >,
);

/** GET /api/admin/stats: spec §3 'Admin stats' plus the figures decisions.md computes from data. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  upcomingEvents: z.number().int(),
  recentActivity: z.array(activitySchema),
  genderDistribution: z.object({
    male: z.number().int(),
    female: z.number().int(),
    other: z.number().int(),
    unknown: z.number().int(),
  }),
  /** Label (the directory bands, plus 'Ej angivet') to count. */
  handicapDistribution: z.record(z.string(), z.number().int()),
  ageDistribution: ageDistributionSchema,
  /** Members who joined this calendar month (Stockholm) versus last month, in percent; null when last month had none. */
  monthlyGrowth: z.number().nullable(),
  newMembersThisMonth: z.number().int(),
  newMembersLastMonth: z.number().int(),
  /** Registered places of upcoming events over their capacity, in percent; null without upcoming events. */
  registrationRate: z.number().nullable(),
  /** Share of received direct messages (last 30 days) that got an answer from the receiver, in percent. */
  responseRate: z.number().nullable(),
  unreadMessages: z.number().int(),
  /** Registrations made today (Stockholm). */
  newRegistrationsToday: z.number().int(),
  /** Members who registered, wrote a message or updated their profile in the last 30 days. */
  activeMembers: z.number().int(),
  /** Members with Pro access (admins included). */
  proMembers: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/feedback: newest first, with the author. */
export const adminFeedbackSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  user: z
    .object({ id: z.string(), fullName: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
