import { z } from 'zod';
import { COMMUNITY_RULES } from '../community-rules';
import {
  DECISION_STATEMENT_MAX,
  DECISION_STATEMENT_MIN,
  REPORT_DETAILS_MAX,
  REPORTS_PAGE_SIZE,
} from '../limits';
import { msg } from '../messages';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_TARGETS } from '../options';
import { pagingFields } from './paging';

/**
 * POST /api/reports: what is reported (a member's profile, a direct message, a group-chat message or an
 * image), why, and in the reporter's words ('other' needs them).
 */
export const reportInputSchema = z
  .strictObject(
    {
      targetType: z.enum(REPORT_TARGETS, { error: msg.reportTargetTypeInvalid }),
      targetId: z
        .string({ error: msg.reportTargetIdRequired })
        .trim()
        .min(1, { error: msg.reportTargetIdRequired })
        .max(100, { error: msg.reportTargetIdRequired }),
      reason: z.enum(REPORT_REASONS, { error: msg.reportReasonInvalid }),
      details: z
        .string({ error: msg.reportDetailsTooLong })
        .max(REPORT_DETAILS_MAX, { error: msg.reportDetailsTooLong })
        .optional()
        .transform((v) => v?.trim() || undefined),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Okänt fält: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .refine((v) => v.reason !== 'other' || !!v.details, {
    error: msg.reportOtherNeedsDetails,
    path: ['details'],
  });
export type ReportInput = z.input<typeof reportInputSchema>;

export const reportCreatedSchema = z.object({ id: z.number().int() });

/** The numbers of the community rules (common/community-rules.ts) a decision may rest on. */
const ruleIds: readonly number[] = COMMUNITY_RULES.map((r) => r.id);

/**
 * POST /api/admin/reports/{id}/decision: the moderator's decision and its statement of reasons (sent to
 * the member concerned unless dismissed). `ruleId` names the rule broken; without it the rule follows
 * from the report's reason (REASON_RULE).
 */
export const decisionInputSchema = z.strictObject(
  {
    action: z.enum(REPORT_ACTIONS, { error: msg.decisionActionInvalid }),
    statement: z
      .string({ error: msg.decisionStatementRequired })
      .trim()
      .min(DECISION_STATEMENT_MIN, { error: msg.decisionStatementRequired })
      .max(DECISION_STATEMENT_MAX, { error: msg.decisionStatementTooLong }),
    ruleId: z
      .number({ error: msg.decisionRuleInvalid })
      .int({ error: msg.decisionRuleInvalid })
      .refine((id) => ruleIds.includes(id), { error: msg.decisionRuleInvalid })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Okänt fält: ${issue.keys.join(', ')}` : undefined,
  },
);
export type DecisionInput = z.infer<typeof decisionInputSchema>;

export const reportIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Ogiltigt id' })
    .int({ error: 'Ogiltigt id' })
    .min(1, { error: 'Ogiltigt id' }),
});

/** GET /api/admin/reports: open ones first (oldest first), then decided ones (newest first). */
export const reportQuerySchema = z.object({
  status: z
    .enum(['open', 'decided', 'all'], { error: 'status måste vara open, decided eller all' })
    .default('all'),
  ...pagingFields(REPORTS_PAGE_SIZE, 200),
});
export type ReportQuery = z.input<typeof reportQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** A report as the moderators' queue shows it, with the content as it was when reported. */
export const adminReportSchema = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  /** null: flagged by the site itself (e.g. the direct-message spam limit). */
  reporter: personSchema,
  /** The member the report is about (the profile, or who wrote or uploaded the content). */
  targetUser: z.object({ id: z.string(), name: z.string(), suspended: z.boolean() }).nullable(),
  /** The reported content as it was: text, names, an image id. */
  snapshot: z.object({
    text: z.string().optional(),
    name: z.string().optional(),
    imageId: z.string().optional(),
    eventTitle: z.string().optional(),
    sentAt: z.string().optional(),
    /** Flags of the site: the first messages that tripped the spam check. */
    samples: z.array(z.string()).optional(),
  }),
  /** Whether the content is removed now (by this or another decision). */
  contentRemoved: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: personSchema,
  action: z.enum(REPORT_ACTIONS).nullable(),
  statement: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportPageSchema = z.object({
  items: z.array(adminReportSchema),
  total: z.number().int(),
  open: z.number().int(),
});
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

/** POST /api/admin/users/{id}/reinstate */
export const reinstateResultSchema = z.object({ userId: z.string(), suspended: z.literal(false) });
