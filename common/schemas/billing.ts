import { z } from 'zod';
import { msg } from '../messages';
import { MEMBERSHIP_TYPES, ROLES, SUBSCRIPTION_STATUSES } from '../options';

/** POST /api/create-pro-subscription?ui=embedded asks for a client secret (Payment Element on /subscribe). */
export const createSubscriptionQuerySchema = z.object({
  ui: z.enum(['hosted', 'embedded']).default('hosted'),
  /**
   * Where /payment-success sends the member once Pro is active (the event they came from, issue 27).
   * Anything but a same-site path (common/rules/safe-return-to.ts) is dropped, not refused.
   */
  returnTo: z.string().max(2000).optional(),
});

/** POST /api/create-pro-subscription: a hosted checkout to go to, or a client secret for an embedded form. */
export const createSubscriptionResponseSchema = z.object({
  success: z.boolean(),
  checkoutUrl: z.string().optional(),
  /** With ?ui=embedded in Stripe mode: the Checkout Session's client secret for the Payment Element. */
  clientSecret: z.string().optional(),
  /** Sent with clientSecret: the Stripe account's publishable key (pk_...) that Stripe.js loads with. */
  publishableKey: z.string().optional(),
  sessionId: z.string().optional(),
  /** 'test' when the built-in test payment mode runs (no Stripe key). */
  mode: z.enum(['stripe', 'test']),
  message: z.string().optional(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** POST /api/verify-stripe-session */
export const verifySessionInputSchema = z.object({
  sessionId: z
    .string({ error: msg.sessionIdRequired })
    .trim()
    .min(1, { error: msg.sessionIdRequired })
    .max(255),
});
export type VerifySessionInput = z.infer<typeof verifySessionInputSchema>;

export const verifySessionResponseSchema = z.object({
  success: z.boolean(),
  membershipUpdated: z.boolean(),
  /** The payment's id (Stripe's subscription or test-mode id), shown on /payment-success. */
  paymentId: z.string().nullable(),
  message: z.string().optional(),
});
export type VerifySessionResponse = z.infer<typeof verifySessionResponseSchema>;

/** GET /api/subscription-details (spec §3 'Subscription details'). */
export const subscriptionDetailsSchema = z.object({
  hasSubscription: z.boolean(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  nextBillingDate: z.string().nullable(),
  cancelAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  isPro: z.boolean(),
  isAdmin: z.boolean(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** POST /api/cancel-subscription and /api/reactivate-subscription */
export const subscriptionChangeResponseSchema = z.object({
  success: z.boolean(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  cancelAt: z.string().nullable(),
  nextBillingDate: z.string().nullable(),
});
export type SubscriptionChangeResponse = z.infer<typeof subscriptionChangeResponseSchema>;

/** GET /api/admin/users: optional server-side search and filter (the spec's screen filters the same way). */
export const ADMIN_MEMBERSHIP_FILTERS = ['all', 'pro', 'free'] as const;
export type AdminMembershipFilter = (typeof ADMIN_MEMBERSHIP_FILTERS)[number];

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  membership: z.enum(ADMIN_MEMBERSHIP_FILTERS).default('all'),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  isPro: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** POST /api/admin/users/{userId}/membership */
export const membershipInputSchema = z.object({
  membershipType: z.enum(MEMBERSHIP_TYPES, { error: msg.membershipTypeRequired }),
});
export type MembershipInput = z.infer<typeof membershipInputSchema>;

export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(100) });
