import { z } from 'zod';

/** GET /api/billing/withdrawal: whether the member may withdraw from Pro now, until when, and the refund. */
export const withdrawalStatusSchema = z.object({
  eligible: z.boolean(),
  deadline: z.string().nullable(),
  purchasedAt: z.string().nullable(),
  refundAmount: z.number().int().nullable(),
  amountPaid: z.number().int().nullable(),
});
export type WithdrawalStatusResponse = z.infer<typeof withdrawalStatusSchema>;

/** POST /api/billing/withdrawal: step one without `confirm`, step two with `{ confirm: true }`. */
export const withdrawalInputSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ confirm: z.boolean().optional() }),
);

/** Step one's answer (400): what withdrawing does, as facts. */
export const withdrawalStepOneSchema = withdrawalStatusSchema.extend({ message: z.string() });

/** The receipt's facts after withdrawing. */
export const withdrawalDoneSchema = z.object({
  refundAmount: z.number().int(),
  withdrawnAt: z.string(),
  message: z.string(),
});

/**
 * PUT /api/billing/start-immediately: before buying Pro, the member's express request that Pro starts
 * during the withdrawal period (then a withdrawal keeps a share for the days used); not asked → a
 * withdrawal refunds everything.
 */
export const startImmediatelySchema = z.strictObject(
  { startImmediately: z.boolean({ error: 'startImmediately måste vara true eller false' }) },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Okänt fält: bara startImmediately' : undefined),
  },
);
export type StartImmediately = z.infer<typeof startImmediatelySchema>;
